"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useActionName } from "@/components/ui/labels";
import { ActivityStatusBadge, CampaignStatusBadge, invitationTones, payoutTones } from "@/components/ui/status-badges";
import { BackLink } from "@/components/ui/BackLink";
import { Card } from "@/components/ui/Card";
import { StatusLabel } from "@/components/ui/StatusPill";
import { usePersonOverview, type PersonOverview } from "@/lib/api/admin-people";
import { localizeDigits } from "@/lib/format/digits";
import { useMoney } from "@/lib/format/money";
import { AdminLoadError, AdminLoading } from "@/components/ui/back-office/AdminStates";
import { fullName } from "@/components/ui/back-office/format";
import { Row, UserProfile } from "@/components/ui/back-office/UserProfile";
import { BanPanel } from "./BanPanel";

/** /admin/users/[id]: who they are, their ban, balances, and the newest of what they have and do. */
export function PersonView({ id }: { id: string }) {
  const t = useTranslations("admin.people");
  const query = usePersonOverview(id);
  const person = query.data;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="grid gap-2">
        <BackLink href="/admin/users">{t("back")}</BackLink>
        <h1 className="text-2xl font-bold text-ink [overflow-wrap:anywhere]">
          {person ? <bdi>{fullName(person.user) ?? t("unnamed")}</bdi> : t("personHeading")}
        </h1>
      </div>
      {query.isPending ? (
        <Card>
          <AdminLoading />
        </Card>
      ) : query.isError || !person ? (
        <Card>
          <AdminLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </Card>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <UserProfile user={person.user} />
            <div className="grid content-start gap-6">
              <BanPanel person={person} />
              <Balances person={person} />
            </div>
          </div>
          <Things person={person} />
        </>
      )}
    </div>
  );
}

function Balances({ person }: { person: PersonOverview }) {
  const t = useTranslations("admin.people");
  const money = useMoney();
  return (
    <Card title={t("balances")} id="person-balances">
      <dl data-testid="person-balances">
        <Row label={t("wallet")}>{money(person.balances.wallet)}</Row>
        <Row label={t("earnings")}>{money(person.balances.earnings)}</Row>
        <Row label={t("earningsHeld")}>{money(person.balances.earnings_held)}</Row>
        <Row label={t("frozen")}>
          <span data-testid="balance-frozen">{money(person.balances.frozen)}</span>
        </Row>
      </dl>
    </Card>
  );
}

/** A card listing the newest few of a kind, with how many there are in all. */
function Recent({ id, title, total, children }: { id: string; title: string; total: number; children: ReactNode[] }) {
  const t = useTranslations("admin.people");
  return (
    <Card title={title} id={id} intro={total > 0 ? t("newestOf", { count: total }) : undefined}>
      {children.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("none")}</p>
      ) : (
        <ul className="grid gap-2 text-sm" data-testid={id}>
          {children}
        </ul>
      )}
    </Card>
  );
}

function Line({ children }: { children: ReactNode }) {
  return (
    <li className="flex min-w-0 flex-wrap items-center justify-between gap-2 border-b border-surface-line pb-2 last:border-b-0">
      {children}
    </li>
  );
}

function Things({ person }: { person: PersonOverview }) {
  const t = useTranslations("admin.people");
  const format = useFormatter();
  const locale = useLocale();
  const money = useMoney();
  const actionName = useActionName();
  const when = (iso: string) => (
    <time dateTime={iso} className="text-xs text-ink-muted">
      {format.dateTime(new Date(iso), "date")}
    </time>
  );
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Recent id="person-campaigns" title={t("campaigns")} total={person.campaigns.total}>
        {person.campaigns.recent.map((c) => (
          <Line key={c.id}>
            <bdi className="min-w-0 font-medium [overflow-wrap:anywhere]">{c.name}</bdi>
            <span className="flex flex-wrap items-center gap-2">
              {money(c.budget)} <CampaignStatusBadge status={c.status} /> {when(c.created_at)}
            </span>
          </Line>
        ))}
      </Recent>
      <Recent id="person-activities" title={t("activities")} total={person.activities.total}>
        {person.activities.recent.map((a) => (
          <Line key={a.id}>
            <span>{actionName(a).action}</span>
            <span className="flex flex-wrap items-center gap-2">
              {money(a.reward)} <ActivityStatusBadge status={a.status} /> {when(a.created_at)}
            </span>
          </Line>
        ))}
      </Recent>
      <Recent id="person-payouts" title={t("payouts")} total={person.payouts.total}>
        {person.payouts.recent.map((p) => (
          <Line key={p.id}>
            <span>{money(p.amount)}</span>
            <span className="flex flex-wrap items-center gap-2">
              <StatusLabel status={p.status} tones={payoutTones} messages="payouts.status" /> {when(p.created_at)}
            </span>
          </Line>
        ))}
      </Recent>
      <Recent id="person-invitations" title={t("invitations")} total={person.invitations.total}>
        {person.invitations.recent.map((i) => (
          <Line key={i.id}>
            <span dir="ltr">{localizeDigits(i.phone, locale)}</span>
            <span className="flex flex-wrap items-center gap-2">
              <StatusLabel status={i.status} tones={invitationTones} messages="invitations.status" /> {when(i.created_at)}
            </span>
          </Line>
        ))}
      </Recent>
      <Recent id="person-sessions" title={t("sessions")} total={person.sessions.length}>
        {person.sessions.map((s) => (
          <Line key={s.id}>
            <bdi dir="ltr" className="min-w-0 text-xs text-ink-muted [overflow-wrap:anywhere]">
              {s.user_agent ?? t("unknownDevice")}
            </bdi>
            <span className="flex flex-wrap items-center gap-2">
              {s.ip ? (
                <span dir="ltr" className="font-mono text-xs">
                  {s.ip}
                </span>
              ) : null}
              <time dateTime={s.last_used_at} className="text-xs text-ink-muted">
                {format.dateTime(new Date(s.last_used_at), "dateTime")}
              </time>
            </span>
          </Line>
        ))}
      </Recent>
    </div>
  );
}
