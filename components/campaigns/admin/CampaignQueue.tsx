"use client";
import { useTranslations } from "next-intl";
import { useDates } from "@/components/ui/dates";
import type { Column } from "@/components/ui/DataTable";
import { CAMPAIGN_QUEUE_PER_PAGE, useCampaignQueue } from "@/lib/api/admin";
import type { Campaign } from "@/lib/api/campaigns";
import { useMoney } from "@/lib/format/money";
import { ReviewQueue } from "@/components/ui/back-office/ReviewQueue";

/** Campaigns awaiting review, oldest first, a page at a time. */
export function CampaignQueue({ perPage = CAMPAIGN_QUEUE_PER_PAGE }: { perPage?: number }) {
  const t = useTranslations("admin.campaignQueue");
  const tCampaigns = useTranslations("campaigns");
  const money = useMoney();
  const date = useDates();
  const columns: Column<Campaign>[] = [
    { key: "name", header: tCampaigns("columns.name"), cell: (campaign) => <bdi>{campaign.name}</bdi> },
    { key: "network", header: tCampaigns("columns.network"), cell: (campaign) => tCampaigns(`networks.${campaign.network}`) },
    { key: "strategy", header: tCampaigns("columns.strategy"), cell: (campaign) => tCampaigns(`strategies.${campaign.strategy}`) },
    { key: "budget", header: tCampaigns("spec.budget"), cell: (campaign) => money(campaign.budget), className: "tabular-nums" },
    { key: "created", header: tCampaigns("columns.created"), cell: (campaign) => date(campaign.created_at), className: "text-ink-muted" },
  ];
  return (
    <ReviewQueue
      messages="admin.campaignQueue"
      usePage={useCampaignQueue}
      perPage={perPage}
      columns={columns}
      minWidth="min-w-[40rem]"
      review={{ href: (campaign) => `/admin/campaigns/${campaign.id}`, label: (campaign) => t("reviewFor", { name: campaign.name }) }}
    />
  );
}
