"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { StatusBadge } from "@/components/wallet/StatusBadge";
import { LoadError, SkeletonLines, linkButton } from "@/components/wallet/WalletStates";
import { useCampaign, useCampaignPayments, CAMPAIGNS_PER_PAGE, type Campaign, type PaymentTab } from "@/lib/api/campaigns";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/navigation";
import { ActivitiesTable } from "./CampaignActivities";
import { Invoice } from "./CreateCampaign";
import { takeCampaignFlash } from "./flash";
import {
  CampaignEventButtons,
  CampaignStatusBadge,
  EmptyText,
  NotFoundCard,
  Pagination,
  ProgressBar,
  Tabs,
  isNotFound,
  isUnauthorized,
  useDates,
} from "./shared";

const VIEW_TABS = ["specifications", "activities"] as const;
export const PAYMENT_TABS = ["all", "paid", "pending", "failed"] as const satisfies readonly PaymentTab[];

/** SPEC §2 campaign view: title with the strategy, status, pause/activate, specifications, activities, payments. */
export function CampaignView({ id }: { id: string }) {
  const t = useTranslations("campaigns");
  const query = useCampaign(id);
  const [flash] = useState(() => takeCampaignFlash(id));
  const [tab, setTab] = useState<(typeof VIEW_TABS)[number]>("specifications");

  if (isUnauthorized(query.error)) return null;
  if (isNotFound(query.error)) return <NotFoundCard />;
  if (query.isPending) return <SkeletonLines lines={5} className="mx-auto w-full max-w-5xl" />;
  if (query.isError)
    return (
      <div className="mx-auto w-full max-w-5xl">
        <LoadError message={t("view.loadError")} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  const campaign = query.data;

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      {flash ? <Alert tone="success">{flash}</Alert> : null}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <Link href="/dashboard/campaigns" className="text-sm font-semibold text-brand-700 hover:underline">
            {t("view.back")}
          </Link>
          <h1 id="page-title" className="text-2xl font-bold text-ink">
            {t("view.title", { name: campaign.name, strategy: t(`strategies.${campaign.strategy}`) })}
          </h1>
          <div>
            <CampaignStatusBadge status={campaign.status} />
          </div>
        </div>
        <CampaignEventButtons campaign={campaign} />
      </header>
      <section aria-labelledby="page-title" className="rounded-card bg-surface p-4 shadow-card sm:p-6">
        <Tabs
          id="campaign-view"
          values={VIEW_TABS}
          value={tab}
          onChange={setTab}
          label={t("view.tabsLabel")}
          name={(value) => t(`view.tabs.${value}`)}
        >
          {tab === "specifications" ? (
            <Specifications campaign={campaign} />
          ) : (
            <div className="grid gap-3 py-4">
              <p className="text-sm text-ink-muted">{t("view.activitiesIntro")}</p>
              <ActivitiesTable campaignId={campaign.id} />
              <div>
                <Link href={`/dashboard/campaigns/view/${campaign.id}/activities`} className={linkButton.secondary}>
                  {t("view.openActivities")}
                </Link>
              </div>
            </div>
          )}
        </Tabs>
      </section>
      <Payments id={campaign.id} />
    </div>
  );
}

function Specifications({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns");
  const money = useMoney();
  const format = useFormatter();
  const date = useDates();
  const rows: [string, ReactNode][] = [
    [
      t("spec.link"),
      <a
        key="link"
        href={campaign.link}
        target="_blank"
        rel="noopener noreferrer"
        dir="ltr"
        className="text-brand-700 [overflow-wrap:anywhere] hover:underline"
      >
        {campaign.link}
      </a>,
    ],
    [t("columns.network"), t(`networks.${campaign.network}`)],
    [t("columns.strategy"), t(`strategies.${campaign.strategy}`)],
    [t("spec.followerCount"), format.number(campaign.follower_count)],
  ];
  if (campaign.hours !== null) rows.push([t("spec.hours"), format.number(campaign.hours)]);
  if (campaign.percentage !== null) rows.push([t("spec.percentage"), format.number(campaign.percentage / 100, { style: "percent" })]);
  rows.push(
    [t("spec.budget"), money(campaign.budget)],
    [t("spec.spent"), money(campaign.spent)],
    [t("columns.progress"), <ProgressBar key="progress" value={campaign.progress} label={t("columns.progress")} />],
    [t("columns.created"), date(campaign.created_at)],
    [t("columns.ends"), date(campaign.ends_at)],
    [t("spec.completed"), date(campaign.completed_at)],
  );
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="grid gap-4">
        {campaign.rejection_reason ? (
          <Alert tone="error">
            <strong className="font-semibold">{t("spec.rejectionReason")}:</strong> {campaign.rejection_reason}
          </Alert>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm" data-testid="campaign-specifications">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-ink-muted">{label}</dt>
              <dd className="min-w-0 text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <Invoice quote={campaign.invoice} />
    </div>
  );
}

function Payments({ id }: { id: string }) {
  const t = useTranslations("campaigns.payments");
  const money = useMoney();
  const date = useDates();
  const [tab, setTab] = useState<PaymentTab>("all");
  const [page, setPage] = useState(1);
  const query = useCampaignPayments(id, tab, page);
  const rows = query.data?.data ?? [];
  const perPage = query.data?.meta.per_page || CAMPAIGNS_PER_PAGE;
  // The API counts only the page it returns: a full page means there may be another.
  const pages = rows.length >= perPage ? page + 1 : page;
  return (
    <section aria-labelledby="payments-title" className="rounded-card bg-surface p-4 shadow-card sm:p-6">
      <h2 id="payments-title" className="mb-4 text-lg font-bold text-ink">
        {t("title")}
      </h2>
      <Tabs
        id="campaign-payments"
        values={PAYMENT_TABS}
        value={tab}
        onChange={(next) => {
          setTab(next);
          setPage(1);
        }}
        label={t("tabsLabel")}
        name={(value) => t(`tabs.${value}`)}
      >
        {query.isPending ? (
          <SkeletonLines lines={3} />
        ) : query.isError ? (
          <LoadError message={t("loadError")} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : rows.length === 0 ? (
          <EmptyText testId="payments-empty" />
        ) : (
          <div className="grid gap-4">
            <div className="overflow-x-auto">
              <table className="w-full min-w-[32rem] text-sm">
                <caption className="sr-only">{t("title")}</caption>
                <thead>
                  <tr className="border-b border-surface-line text-ink-muted">
                    {(["amount", "status", "created", "approved"] as const).map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 text-start font-medium">
                        {t(`columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id} className="border-b border-surface-line last:border-b-0">
                      <th scope="row" className="px-3 py-3 text-start font-semibold tabular-nums text-ink">
                        {money(row.amount)}
                      </th>
                      <td className="px-3 py-3">
                        <StatusBadge status={row.status} />
                      </td>
                      <td className="px-3 py-3 text-ink-muted">{date(row.created_at)}</td>
                      <td className="px-3 py-3 text-ink-muted">{date(row.approved_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={page} pages={pages} busy={query.isFetching} onPage={setPage} />
          </div>
        )}
      </Tabs>
    </section>
  );
}
