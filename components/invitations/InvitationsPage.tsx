"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { LinkButton } from "@/components/ui/LinkButton";
import { PanelPage } from "@/components/ui/PageHeader";
import { PagedList } from "@/components/ui/PagedList";
import { TabbedList, useTabbedPages } from "@/components/ui/QueryView";
import { StatusLabel } from "@/components/ui/StatusPill";
import { invitationTones } from "@/components/ui/status-badges";
import { SkeletonLines } from "@/components/ui/Skeleton";
import {
  INVITATIONS_PER_PAGE,
  useInvitationAllowance,
  useInvitations,
  type InvitationTab,
  type InvitationView,
} from "@/lib/api/invitations";
import { localizeDigits } from "@/lib/format/digits";
import { useMoney } from "@/lib/format/money";
import { ShareInvitation } from "./ShareInvitation";

export const INVITATION_TABS = ["all", "sent", "registered", "accepted"] as const satisfies readonly InvitationTab[];

/** /dashboard/invitations: what is left to invite and the reward, and the people invited in SPEC's tabs. */
export function InvitationsPage() {
  const t = useTranslations("invitations");
  const titles = useTranslations("titles");
  const list = useTabbedPages(INVITATION_TABS, useInvitations, INVITATIONS_PER_PAGE);
  return (
    <PanelPage
      width="max-w-4xl"
      title={titles("invitations")}
      intro={t("intro")}
      link={{ href: "/dashboard/invitations/create", label: t("invite") }}
    >
      <Allowance />
      <Card id="invitations" title={t("list.title")}>
        <TabbedList
          id="invitation-tabs"
          list={list}
          messages="invitations.list"
          lines={3}
          empty={{ text: t("list.empty"), testId: "invitations-empty" }}
        >
          <PagedList {...list.pager} testId="invitation-list">
            {list.rows.map((invitation) => (
              <InvitationCard key={invitation.id} invitation={invitation} />
            ))}
          </PagedList>
        </TabbedList>
      </Card>
    </PanelPage>
  );
}

function Allowance() {
  const t = useTranslations("invitations.allowance");
  const money = useMoney();
  const allowance = useInvitationAllowance();
  if (allowance.isPending) return <SkeletonLines lines={2} />;
  if (!allowance.data) return null;
  const { membership, invitations_allowed, invitations_left, reward, reward_hold_days } = allowance.data;
  return (
    <Card id="invitation-allowance" title={t("title")}>
      {membership ? (
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-0.5 rounded-lg bg-surface-sunken px-4 py-3">
            <dt className="text-xs text-ink-muted">{t("left")}</dt>
            <dd className="text-lg font-bold tabular-nums text-ink" data-testid="invitations-left">
              {t("leftOf", { left: invitations_left, allowed: invitations_allowed })}
            </dd>
          </div>
          <div className="grid gap-0.5 rounded-lg bg-surface-sunken px-4 py-3">
            <dt className="text-xs text-ink-muted">{t("reward")}</dt>
            <dd className="text-lg font-bold tabular-nums text-ink">{money(reward)}</dd>
            <dd className="text-xs text-ink-muted">{t("rewardNote", { days: reward_hold_days })}</dd>
          </div>
        </dl>
      ) : (
        <div className="grid justify-items-start gap-3" data-testid="invitations-no-plan">
          <p className="text-sm leading-7 text-ink">{t("noPlan")}</p>
          <LinkButton href="/dashboard/payouts#plans" variant="secondary">
            {t("toPlans")}
          </LinkButton>
        </div>
      )}
    </Card>
  );
}

/** A pending invitation's link, shown on asking (a list of QR codes and links would bury the list). */
function ShareToggle({ link }: { link: string }) {
  const t = useTranslations("invitations.share");
  const [open, setOpen] = useState(false);
  return (
    <div className="grid justify-items-start gap-2">
      <Button type="button" variant="ghost" className="-ms-4" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
        {open ? t("close") : t("open")}
      </Button>
      {open ? (
        <div className="w-full">
          <ShareInvitation link={link} />
        </div>
      ) : null}
    </div>
  );
}

/** One person invited: the phone (left to right), the name, the status and its dates, the reward. */
function InvitationCard({ invitation }: { invitation: InvitationView }) {
  const t = useTranslations("invitations.list");
  const format = useFormatter();
  const locale = useLocale();
  const money = useMoney();
  const date = (iso: string) => <time dateTime={iso}>{format.dateTime(new Date(iso), "dateTime")}</time>;
  return (
    <li className="grid gap-2 rounded-lg border border-surface-line p-4" data-testid="invitation" data-status={invitation.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="grid gap-0.5">
          <span dir="ltr" className="font-semibold tabular-nums text-ink [unicode-bidi:isolate]">
            {localizeDigits(invitation.phone, locale)}
          </span>
          {invitation.name ? <bdi className="text-sm text-ink-muted">{invitation.name}</bdi> : null}
        </span>
        <StatusLabel status={invitation.status} tones={invitationTones} messages="invitations.status" />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">{t("invited")}</dt>
        <dd className="text-ink">{date(invitation.invited_at)}</dd>
        {invitation.registered_at ? (
          <>
            <dt className="text-ink-muted">{t("registeredAt")}</dt>
            <dd className="text-ink">{date(invitation.registered_at)}</dd>
          </>
        ) : null}
      </dl>
      {invitation.reward !== null ? (
        <p className="text-sm font-semibold text-success-600">{t("reward", { amount: money(invitation.reward) })}</p>
      ) : null}
      {invitation.reward_due_at && invitation.status === "paid" ? (
        <p className="text-sm text-ink-muted">
          {t("rewardDue", { date: format.dateTime(new Date(invitation.reward_due_at), "dateTime") })}
        </p>
      ) : null}
      {invitation.reward_waits_for_identity ? (
        <p className="text-sm text-ink-muted" data-testid="reward-waits-identity">
          {t("rewardWaitsIdentity")}
        </p>
      ) : null}
      {invitation.no_reward_reason ? <p className="text-sm text-ink-muted">{t("noReward")}</p> : null}
      {!invitation.texted && invitation.status === "pending" ? <p className="text-xs text-ink-muted">{t("notTexted")}</p> : null}
      {invitation.status === "pending" ? <ShareToggle link={invitation.link} /> : null}
    </li>
  );
}
