"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Invoice } from "@/components/campaigns/Invoice";
import { CampaignSpecList, useCampaignSpecRows } from "@/components/campaigns/shared";
import { useCampaignProgressRows } from "@/components/campaigns/CampaignProgress";
import { CampaignStatusBadge } from "@/components/ui/status-badges";
import { useDates } from "@/components/ui/dates";
import { Card } from "@/components/ui/Card";
import { useAdminCampaign, useReviewCampaign } from "@/lib/api/admin";
import type { Campaign } from "@/lib/api/campaigns";
import { useMoney } from "@/lib/format/money";
import { DecisionPanel } from "@/components/ui/back-office/DecisionPanel";
import { ReviewPage, decisionLabels } from "@/components/ui/back-office/ReviewPage";

/** One campaign awaiting review: its specifications, its invoice, approve / reject. */
export function CampaignReview({ id }: { id: string }) {
  const t = useTranslations("admin.campaignReview");
  const query = useAdminCampaign(id);
  return (
    <ReviewPage
      queueHref="/admin/campaigns"
      text={{ back: t("back"), heading: t("heading"), backToQueue: t("backToQueue") }}
      query={query}
      details={(campaign) => (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <Specifications campaign={campaign} />
          <Invoice quote={campaign.invoice} status={campaign.status} />
        </div>
      )}
      decision={(campaign, onDecided) => <Decision campaign={campaign} onDecided={onDecided} />}
    />
  );
}

function Specifications({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns");
  const tReview = useTranslations("admin.campaignReview");
  const money = useMoney();
  const date = useDates();
  const rows: [string, ReactNode][] = [
    [t("columns.name"), <bdi key="name">{campaign.name}</bdi>],
    [t("columns.status"), <CampaignStatusBadge key="status" status={campaign.status} />],
    ...useCampaignSpecRows(campaign),
  ];
  const progress = useCampaignProgressRows(campaign);
  rows.push([t("spec.budget"), money(campaign.budget)], ...progress, [t("columns.created"), date(campaign.created_at)]);
  return (
    <Card title={tReview("specifications")} id="admin-campaign-spec">
      <CampaignSpecList campaign={campaign} rows={rows} testId="admin-campaign-specifications" valueClassName="font-medium text-ink" />
    </Card>
  );
}

function Decision({ campaign, onDecided }: { campaign: Campaign; onDecided: (message: string) => void }) {
  const t = useTranslations("admin.campaignReview");
  return (
    <DecisionPanel
      id="admin-campaign-decision"
      pending={campaign.status === "awaiting_review"}
      queueHref="/admin/campaigns"
      labels={decisionLabels(t)}
      review={useReviewCampaign(campaign.id)}
      messageOf={(decision) => (decision.approve ? t("approved") : t("rejected"))}
      onDecided={onDecided}
    />
  );
}
