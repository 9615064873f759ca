"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { LinkButton } from "@/components/ui/LinkButton";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { Tabs } from "@/components/ui/Tabs";
import { isWellFormedId } from "@/lib/format/ids";
import { useCampaign, type Campaign } from "@/lib/api/campaigns";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/link";
import { ActivitiesTable } from "./CampaignActivities";
import { CampaignPayments } from "./CampaignPayments";
import { CampaignDelivery } from "./CampaignDelivery";
import { CampaignChanges } from "./CampaignChanges";
import { CampaignMonthly } from "./CampaignMonthly";
import { CampaignPace } from "./CampaignPace";
import { useDay } from "./DayField";
import { useCampaignProgressRows } from "./CampaignProgress";
import { Invoice } from "@/components/campaigns/Invoice";
import { takeCampaignFlash } from "./flash";
import { CampaignEventButtons, CampaignSpecList, NotFoundCard, useCampaignSpecRows } from "./shared";
import { CampaignStatusBadge } from "@/components/ui/status-badges";
import { useDates } from "@/components/ui/dates";
import { isNotFound, isUnauthorized } from "@/lib/api/errors";
import { runAgainPath } from "./create-values";
import { tehranDay } from "@/lib/time/tehran";

const VIEW_TABS = ["specifications", "activities"] as const;

/** SPEC §2 campaign view: title with the strategy, status, pause/activate, specifications, activities, payments. */
export function CampaignView({ id }: { id: string }) {
  const t = useTranslations("campaigns");
  const query = useCampaign(id);
  const [flash] = useState(() => takeCampaignFlash(id));
  const [tab, setTab] = useState<(typeof VIEW_TABS)[number]>("specifications");

  if (isUnauthorized(query.error)) return null;
  // A made-up id names nothing: "not found", as for an id the API answers 404 (the API answers it 422).
  if (!isWellFormedId(id) || isNotFound(query.error)) return <NotFoundCard />;
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
        <div className="grid min-w-0 gap-2">
          <Link href="/dashboard/campaigns" className="text-sm font-semibold text-brand-700 hover:underline">
            {t("view.back")}
          </Link>
          <h1 id="page-title" className="text-2xl font-bold text-ink [overflow-wrap:anywhere]">
            {t.rich("view.title", {
              name: campaign.name,
              strategy: t(`strategies.${campaign.strategy}`),
              bdi: (name) => <bdi>{name}</bdi>,
            })}
          </h1>
          <div>
            <CampaignStatusBadge status={campaign.status} />
          </div>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <CampaignEventButtons campaign={campaign} />
          <RunAgain campaign={campaign} />
        </div>
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
              <CampaignDelivery campaign={campaign} />
              <ActivitiesTable campaignId={campaign.id} />
              <div>
                <LinkButton href={`/dashboard/campaigns/view/${campaign.id}/activities`} variant="secondary">
                  {t("view.openActivities")}
                </LinkButton>
              </div>
            </div>
          )}
        </Tabs>
      </section>
      <CampaignPace campaign={campaign} />
      <CampaignMonthly campaign={campaign} />
      <CampaignChanges campaign={campaign} />
      <CampaignPayments campaign={campaign} />
    </div>
  );
}

/** Issue 32, "run again": a finished campaign's create form, filled in from it. */
function RunAgain({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns.actions");
  if (campaign.status !== "completed" && campaign.status !== "paid" && campaign.status !== "rejected") return null;
  return (
    <LinkButton href={runAgainPath(campaign.id)} variant="secondary" data-testid="campaign-run-again">
      {t("runAgain")}
      <span className="sr-only">: {campaign.name}</span>
    </LinkButton>
  );
}

/**
 * The refill guarantee: until when (its longest line's days after the end), or, before the campaign has an
 * end, how long after it; none when no line carries one.
 */
function useGuarantee(campaign: Campaign) {
  const t = useTranslations("campaigns.guarantee");
  const day = useDay();
  const days = Math.max(0, ...campaign.invoice.lines.map((line) => line.refill_days));
  if (campaign.guarantee_ends_at) {
    const until = tehranDay(new Date(campaign.guarantee_ends_at));
    return t.rich("until", { date: day(until), time: (chunks) => <time dateTime={until}>{chunks}</time> });
  }
  return days > 0 ? t("afterEnd", { days }) : t("none");
}

function Specifications({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns");
  const money = useMoney();
  const date = useDates();
  const rows = useCampaignSpecRows(campaign);
  const progress = useCampaignProgressRows(campaign);
  const guarantee = useGuarantee(campaign);
  rows.push(
    [t("spec.budget"), money(campaign.budget)],
    ...progress,
    [t("columns.created"), date(campaign.created_at)],
    [t("columns.ends"), date(campaign.ends_at)],
    [t("spec.completed"), date(campaign.completed_at)],
    [
      t("guarantee.title"),
      <span key="guarantee" data-testid="campaign-guarantee">
        {guarantee}
      </span>,
    ],
  );
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <CampaignSpecList campaign={campaign} rows={rows} testId="campaign-specifications" valueClassName="min-w-0 text-ink" />
      <Invoice quote={campaign.invoice} status={campaign.status} strategy={campaign.strategy} />
    </div>
  );
}
