"use client";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Invoice } from "@/components/campaigns/CreateCampaign";
import { CampaignSpecList, CampaignStatusBadge, useCampaignSpecRows, useDates } from "@/components/campaigns/shared";
import { Alert } from "@/components/ui/Alert";
import { Card } from "@/components/ui/Card";
import { useAdminCampaign, useReviewCampaign } from "@/lib/api/admin";
import type { Campaign } from "@/lib/api/campaigns";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/navigation";
import { AdminLoadError, AdminLoading } from "./AdminStates";
import { DecisionPanel } from "./DecisionPanel";

function BackLink({ children }: { children: ReactNode }) {
  return (
    <Link href="/admin/campaigns" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M15 18l-6-6 6-6" />
      </svg>
      {children}
    </Link>
  );
}

/** One campaign awaiting review: its specifications, its invoice, approve / reject. */
export function CampaignReview({ id }: { id: string }) {
  const t = useTranslations("admin.campaignReview");
  const query = useAdminCampaign(id);
  const [outcome, setOutcome] = useState<string | null>(null);

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="grid gap-2">
        <BackLink>{t("back")}</BackLink>
        <h1 className="text-2xl font-bold text-ink">{t("heading")}</h1>
      </div>

      {query.isPending ? (
        <Card>
          <AdminLoading />
        </Card>
      ) : query.isError ? (
        <Card>
          <AdminLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </Card>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
            <Specifications campaign={query.data} />
            <Invoice quote={query.data.invoice} status={query.data.status} />
          </div>
          {outcome ? (
            <Alert tone="success" className="flex flex-wrap items-center justify-between gap-3">
              <span>{outcome}</span>
              <Link href="/admin/campaigns" className="font-semibold underline">
                {t("backToQueue")}
              </Link>
            </Alert>
          ) : (
            <Decision campaign={query.data} onDecided={setOutcome} />
          )}
        </>
      )}
    </div>
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
  rows.push([t("spec.budget"), money(campaign.budget)], [t("columns.created"), date(campaign.created_at)]);
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
      labels={{
        approve: t("approve"),
        reject: t("reject"),
        reasonLabel: t("reasonLabel"),
        notPending: t("notPending"),
        backToQueue: t("backToQueue"),
      }}
      review={useReviewCampaign(campaign.id)}
      messageOf={(decision) => (decision.approve ? t("approved") : t("rejected"))}
      onDecided={onDecided}
    />
  );
}
