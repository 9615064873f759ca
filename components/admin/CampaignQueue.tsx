"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useDates } from "@/components/campaigns/shared";
import { DataTable, type Column } from "@/components/ui/DataTable";
import { EmptyState } from "@/components/ui/EmptyState";
import { Pagination, pageCount } from "@/components/ui/Pagination";
import { QueueCard } from "@/components/ui/QueueCard";
import { CAMPAIGN_QUEUE_PER_PAGE, useCampaignQueue } from "@/lib/api/admin";
import type { Campaign } from "@/lib/api/campaigns";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/navigation";
import { adminStates } from "./AdminStates";

/** Campaigns awaiting review, oldest first, a page at a time. */
export function CampaignQueue({ perPage = CAMPAIGN_QUEUE_PER_PAGE }: { perPage?: number }) {
  const t = useTranslations("admin.campaignQueue");
  const tQueue = useTranslations("admin.queue");
  const tCampaigns = useTranslations("campaigns");
  const money = useMoney();
  const date = useDates();
  const [page, setPage] = useState(1);
  const query = useCampaignQueue(page, perPage);

  const total = query.data?.meta.total ?? 0;
  const pages = pageCount(total, query.data?.meta.per_page || perPage);
  const rows = query.data?.data ?? [];
  const columns: Column<Campaign>[] = [
    { key: "name", header: tCampaigns("columns.name"), cell: (campaign) => <bdi>{campaign.name}</bdi> },
    { key: "network", header: tCampaigns("columns.network"), cell: (campaign) => tCampaigns(`networks.${campaign.network}`) },
    { key: "strategy", header: tCampaigns("columns.strategy"), cell: (campaign) => tCampaigns(`strategies.${campaign.strategy}`) },
    { key: "budget", header: tCampaigns("spec.budget"), cell: (campaign) => money(campaign.budget), className: "tabular-nums" },
    { key: "created", header: tCampaigns("columns.created"), cell: (campaign) => date(campaign.created_at), className: "text-ink-muted" },
    {
      key: "actions",
      header: tQueue("actions"),
      hiddenHeader: true,
      headerClassName: "px-3 py-2 text-end font-medium",
      className: "text-end",
      cell: (campaign) => (
        <Link
          href={`/admin/campaigns/${campaign.id}`}
          aria-label={t("reviewFor", { name: campaign.name })}
          className="inline-flex rounded-lg px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {tQueue("review")}
        </Link>
      ),
    },
  ];

  return (
    <QueueCard
      heading={t("heading")}
      intro={t("intro")}
      query={query}
      {...adminStates}
      empty={
        rows.length === 0 ? (
          <EmptyState padding="py-8" firstPage={page > 1 ? { label: tQueue("firstPage"), onClick: () => setPage(1) } : null}>
            {t("empty")}
          </EmptyState>
        ) : null
      }
      count={t("count", { count: total })}
      pagination={<Pagination page={page} pages={pages} busy={query.isFetching} onPage={setPage} messages="admin.queue" />}
    >
      <DataTable
        rows={rows}
        rowKey={(campaign) => campaign.id}
        columns={columns}
        caption={t("caption")}
        minWidth="min-w-[40rem]"
        rowHeaderClassName="font-semibold text-ink"
        rowClassName=""
        busy={query.isFetching}
      />
    </QueueCard>
  );
}
