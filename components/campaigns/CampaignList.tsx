"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CardFields, DataTable, type Column } from "@/components/ui/DataTable";
import { linkButton } from "@/components/ui/LinkButton";
import { PanelPage } from "@/components/ui/PageHeader";
import { ProgressBar } from "@/components/ui/ProgressBar";
import { Paged } from "@/components/ui/PagedList";
import { TabbedList, useTabbedPages } from "@/components/ui/QueryView";
import { CAMPAIGNS_PER_PAGE, useCampaigns, type Campaign, type CampaignTab } from "@/lib/api/campaigns";
import { Link } from "@/lib/i18n/link";
import { CampaignEventButtons } from "./shared";
import { CampaignStatusBadge } from "@/components/ui/status-badges";
import { useDates } from "@/components/ui/dates";
import { isUnauthorized } from "@/lib/api/errors";

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
  const tc = useTranslations("campaigns");
  const titles = useTranslations("titles");
  const list = useTabbedPages(CAMPAIGN_TABS, useCampaigns, CAMPAIGNS_PER_PAGE);
  // Anonymous visitors see the page's title; the panel's sign-in prompt says the rest.
  const anonymous = isUnauthorized(list.query.error);

  return (
    <PanelPage title={titles("campaigns")} intro={t("intro")} link={{ href: "/dashboard/campaigns/create", label: t("create") }}>
      {anonymous ? null : (
        <section aria-labelledby="page-title" className="rounded-card bg-surface p-4 shadow-card sm:p-6">
          <TabbedList id="campaigns" list={list} messages="campaigns.list" empty={{ text: tc("empty"), testId: "campaigns-empty" }}>
            <Paged {...list.pager}>
              <CampaignTable rows={list.rows} />
            </Paged>
          </TabbedList>
        </section>
      )}
    </PanelPage>
  );
}

const COLUMNS = ["name", "actions", "status", "network", "strategy", "progress", "created", "ends"] as const;
type Key = (typeof COLUMNS)[number];

function useCampaignCells(): Record<Key, (row: Campaign) => ReactNode> {
  const t = useTranslations("campaigns");
  const date = useDates();
  return {
    name: (row) => (
      <Link href={`/dashboard/campaigns/view/${row.id}`} className="font-semibold text-brand-700 hover:underline">
        <bdi>{row.name}</bdi>
      </Link>
    ),
    actions: (row) => (
      <div className="flex flex-wrap items-start gap-2">
        <Link href={`/dashboard/campaigns/view/${row.id}`} className={`${linkButton.secondary} px-3 py-1.5 text-xs`}>
          {t("actions.view")}
          <span className="sr-only">: {row.name}</span>
        </Link>
        <CampaignEventButtons campaign={row} compact />
      </div>
    ),
    status: (row) => <CampaignStatusBadge status={row.status} />,
    network: (row) => t(`networks.${row.network}`),
    strategy: (row) => t(`strategies.${row.strategy}`),
    progress: (row) => <ProgressBar value={row.progress} label={t("columns.progress")} />,
    created: (row) => date(row.created_at),
    ends: (row) => date(row.ends_at),
  };
}

const cellClass: Partial<Record<Key, string>> = {
  network: "text-ink",
  strategy: "text-ink",
  created: "text-ink-muted",
  ends: "text-ink-muted",
};

/** The campaigns as a table from md up, one card each below. */
export function CampaignTable({ rows }: { rows: Campaign[] }) {
  const t = useTranslations("campaigns");
  const cells = useCampaignCells();
  const columns: Column<Campaign>[] = COLUMNS.map((key) => ({
    key,
    header: t(`columns.${key}`),
    cell: cells[key],
    className: cellClass[key],
  }));
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns}
      caption={t("list.caption")}
      minWidth="min-w-[56rem]"
      card={{
        render: (row) => (
          <>
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
            <CardFields items={(["created", "ends"] as const).map((key) => [t(`columns.${key}`), cells[key](row)])} />
            {cells.actions(row)}
          </>
        ),
      }}
    />
  );
}
