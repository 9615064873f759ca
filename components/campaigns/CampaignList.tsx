"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { LoadError, SkeletonLines, linkButton } from "@/components/wallet/WalletStates";
import { CAMPAIGNS_PER_PAGE, useCampaigns, type Campaign, type CampaignTab } from "@/lib/api/campaigns";
import { Link } from "@/lib/i18n/navigation";
import { CampaignEventButtons, CampaignStatusBadge, EmptyText, Pagination, ProgressBar, Tabs, isUnauthorized, useDates } from "./shared";
import { ScrollRegion } from "@/components/layout/ScrollRegion";

export const CAMPAIGN_TABS = [
  "all",
  "active",
  "completed",
  "awaiting_payment",
  "awaiting_review",
  "rejected",
] as const satisfies readonly CampaignTab[];

/** SPEC §2 campaign list: tabs by status, a table (cards on small screens), pages, and the create button. */
export function CampaignList() {
  const t = useTranslations("campaigns.list");
  const titles = useTranslations("titles");
  const [tab, setTab] = useState<CampaignTab>("all");
  const [page, setPage] = useState(1);
  const query = useCampaigns(tab, page);
  // Anonymous visitors see the page's title; the panel's sign-in prompt says the rest.
  const anonymous = isUnauthorized(query.error);

  const perPage = query.data?.meta.per_page || CAMPAIGNS_PER_PAGE;
  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const rows = query.data?.data ?? [];

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 id="page-title" className="text-2xl font-bold text-ink">
            {titles("campaigns")}
          </h1>
          <p className="text-sm leading-6 text-ink-muted">{t("intro")}</p>
        </div>
        <Link href="/dashboard/campaigns/create" className={`${linkButton.primary} w-full sm:w-auto`}>
          {t("create")}
        </Link>
      </header>
      {anonymous ? null : (
        <section aria-labelledby="page-title" className="rounded-card bg-surface p-4 shadow-card sm:p-6">
          <Tabs
            id="campaigns"
            values={CAMPAIGN_TABS}
            value={tab}
            onChange={(next) => {
              setTab(next);
              setPage(1);
            }}
            label={t("tabsLabel")}
            name={(value) => t(`tabs.${value}`)}
          >
            {query.isPending ? (
              <SkeletonLines lines={4} />
            ) : query.isError ? (
              <LoadError message={t("loadError")} onRetry={() => void query.refetch()} retrying={query.isFetching} />
            ) : rows.length === 0 ? (
              <EmptyText testId="campaigns-empty" />
            ) : (
              <div className="grid gap-4" aria-busy={query.isFetching || undefined}>
                <CampaignTable rows={rows} />
                <CampaignCards rows={rows} />
                <Pagination page={page} pages={pages} busy={query.isFetching} onPage={setPage} />
              </div>
            )}
          </Tabs>
        </section>
      )}
    </div>
  );
}

export function useCampaignCells() {
  const t = useTranslations("campaigns");
  const date = useDates();
  return {
    name: (row: Campaign) => (
      <Link href={`/dashboard/campaigns/view/${row.id}`} className="font-semibold text-brand-700 hover:underline">
        <bdi>{row.name}</bdi>
      </Link>
    ),
    actions: (row: Campaign) => (
      <div className="flex flex-wrap items-start gap-2">
        <Link href={`/dashboard/campaigns/view/${row.id}`} className={`${linkButton.secondary} px-3 py-1.5 text-xs`}>
          {t("actions.view")}
          <span className="sr-only">: {row.name}</span>
        </Link>
        <CampaignEventButtons campaign={row} compact />
      </div>
    ),
    status: (row: Campaign) => <CampaignStatusBadge status={row.status} />,
    network: (row: Campaign) => t(`networks.${row.network}`),
    strategy: (row: Campaign) => t(`strategies.${row.strategy}`),
    progress: (row: Campaign) => <ProgressBar value={row.progress} label={t("columns.progress")} />,
    created: (row: Campaign) => date(row.created_at),
    ends: (row: Campaign) => date(row.ends_at),
  };
}

const COLUMNS = ["name", "actions", "status", "network", "strategy", "progress", "created", "ends"] as const;

export function CampaignTable({ rows }: { rows: Campaign[] }) {
  const t = useTranslations("campaigns");
  const cells = useCampaignCells();
  return (
    <ScrollRegion label={t("list.caption")} className="hidden md:block">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">{t("list.caption")}</caption>
        <thead>
          <tr className="border-b border-surface-line text-ink-muted">
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-start font-medium">
                {t(`columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-surface-line align-top last:border-b-0">
              <th scope="row" className="px-3 py-3 text-start font-normal">
                {cells.name(row)}
              </th>
              <td className="px-3 py-3">{cells.actions(row)}</td>
              <td className="px-3 py-3">{cells.status(row)}</td>
              <td className="px-3 py-3 text-ink">{cells.network(row)}</td>
              <td className="px-3 py-3 text-ink">{cells.strategy(row)}</td>
              <td className="px-3 py-3">{cells.progress(row)}</td>
              <td className="px-3 py-3 text-ink-muted">{cells.created(row)}</td>
              <td className="px-3 py-3 text-ink-muted">{cells.ends(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function CampaignCards({ rows }: { rows: Campaign[] }) {
  const t = useTranslations("campaigns");
  const cells = useCampaignCells();
  return (
    <ul className="grid gap-3 md:hidden" aria-label={t("list.caption")}>
      {rows.map((row) => (
        <li key={row.id} className="grid gap-3 rounded-lg border border-surface-line p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="grid gap-0.5">
              {cells.name(row)}
              <span className="text-sm text-ink-muted">
                {cells.network(row)} · {cells.strategy(row)}
              </span>
            </div>
            {cells.status(row)}
          </div>
          {cells.progress(row)}
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            {(["created", "ends"] as const).map((column) => (
              <div key={column} className="contents">
                <dt className="text-ink-muted">{t(`columns.${column}`)}</dt>
                <dd className="min-w-0 text-ink">{cells[column](row)}</dd>
              </div>
            ))}
          </dl>
          {cells.actions(row)}
        </li>
      ))}
    </ul>
  );
}
