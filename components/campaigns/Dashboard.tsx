"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/EmptyState";
import { LinkButton } from "@/components/ui/LinkButton";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { useDashboard } from "@/lib/api/campaigns";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/link";
import { CampaignTable } from "./CampaignList";
import { isUnauthorized } from "@/lib/api/errors";
import { Card } from "@/components/ui/Card";

/**
 * SPEC §2 dashboard: campaigns, queue and wallet widgets, then the active campaigns; `lead`, what the route
 * puts first (getting started: components/onboarding).
 */
export function Dashboard({ lead }: { lead?: ReactNode }) {
  const t = useTranslations("dashboard");
  const tc = useTranslations("campaigns");
  const titles = useTranslations("titles");
  const format = useFormatter();
  const money = useMoney();
  const query = useDashboard();
  if (isUnauthorized(query.error)) return null;
  const heading = (
    <h1 id="page-title" className="text-2xl font-bold text-ink">
      {titles("dashboard")}
    </h1>
  );
  if (query.isPending)
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6">
        {heading}
        <SkeletonLines lines={4} />
      </div>
    );
  if (query.isError)
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6">
        {heading}
        <LoadError message={t("loadError")} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  const data = query.data;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        {heading}
        <LinkButton href="/dashboard/campaigns/create" className="w-full sm:w-auto">
          {t("create")}
        </LinkButton>
      </header>
      {lead}
      <div className="grid gap-4 md:grid-cols-3">
        <Widget title={t("campaigns.title")} link={{ href: "/dashboard/campaigns", label: t("campaigns.link") }}>
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-y-1 text-sm">
            <dt className="text-ink-muted">{t("campaigns.completed")}</dt>
            <dd className="text-lg font-bold tabular-nums text-ink" data-testid="dashboard-completed">
              {format.number(data.campaigns.completed)}
            </dd>
            <dt className="text-ink-muted">{t("campaigns.awaitingReview")}</dt>
            <dd className="text-lg font-bold tabular-nums text-ink">{format.number(data.campaigns.awaiting_review)}</dd>
          </dl>
        </Widget>
        <Widget title={t("queue.title")}>
          <p className="text-2xl font-bold tabular-nums text-ink">{format.number(data.queue.open_campaigns)}</p>
          <p className="text-sm text-ink-muted">{t("queue.body")}</p>
        </Widget>
        <Widget title={t("wallet.title")} link={{ href: "/dashboard/wallet", label: t("wallet.link") }}>
          <p className="text-2xl font-bold tabular-nums text-ink">{money(data.wallet.wallet_balance)}</p>
        </Widget>
      </div>
      <Card
        id="active"
        title={t("active", { count: data.active_campaigns.count, formatted: format.number(data.active_campaigns.count) })}
        padding="p-4"
      >
        {data.active_campaigns.items.length === 0 ? (
          <EmptyState testId="dashboard-empty">{tc("empty")}</EmptyState>
        ) : (
          <div className="grid gap-4">
            <CampaignTable rows={data.active_campaigns.items} />
          </div>
        )}
      </Card>
    </div>
  );
}

function Widget({ title, link, children }: { title: string; link?: { href: string; label: string }; children: ReactNode }) {
  return (
    <section className="grid content-start gap-2 rounded-card bg-surface p-5 shadow-card">
      <h2 className="text-sm font-semibold text-ink-muted">{title}</h2>
      {children}
      {link ? (
        <div className="mt-1">
          <Link href={link.href} className="text-sm font-semibold text-brand-700 hover:underline">
            {link.label}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
