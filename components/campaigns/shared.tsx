"use client";
import { ExternalLink } from "@/components/ui/ExternalLink";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { linkButton } from "@/components/ui/LinkButton";
import { ApiError } from "@/lib/api/client";
import { useActivateCampaign, usePauseCampaign, type Campaign } from "@/lib/api/campaigns";
import { allowedEvents } from "@/lib/campaigns/state-machine";
import { parseRials } from "@/lib/format/rials";
import { Link } from "@/lib/i18n/link";

/** A 404 from the API: the campaign does not exist or is not the caller's. */
export function NotFoundCard() {
  const t = useTranslations("campaigns.notFound");
  return (
    <section
      className="mx-auto my-6 grid max-w-xl gap-3 rounded-card bg-surface p-6 text-center shadow-card sm:p-8"
      data-testid="campaign-not-found"
    >
      <h1 className="text-xl font-bold text-ink">{t("title")}</h1>
      <p className="leading-7 text-ink-muted">{t("body")}</p>
      <div>
        <Link href="/dashboard/campaigns" className={linkButton.secondary}>
          {t("back")}
        </Link>
      </div>
    </section>
  );
}

/** Pause or activate, when the campaign's status allows it; the server's sentence is shown after. */
export function CampaignEventButtons({ campaign, compact = false }: { campaign: Campaign; compact?: boolean }) {
  const t = useTranslations("campaigns.actions");
  const pause = usePauseCampaign();
  const activate = useActivateCampaign();
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const events = allowedEvents(campaign.status);
  const run = async (mutation: typeof pause) => {
    setMessage(null);
    try {
      const result = await mutation.mutateAsync(campaign.id);
      setMessage({ tone: "success", text: result.message });
    } catch (error) {
      setMessage({ tone: "error", text: error instanceof ApiError && error.message ? error.message : t("error") });
    }
  };
  const size = compact ? "px-3 py-1.5 text-xs" : "";
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {events.includes("pause") ? (
          <Button type="button" variant="secondary" className={size} busy={pause.isPending} onClick={() => void run(pause)}>
            {t("pause")}
            <span className="sr-only">: {campaign.name}</span>
          </Button>
        ) : null}
        {events.includes("activate") ? (
          <Button type="button" className={size} busy={activate.isPending} onClick={() => void run(activate)}>
            {t("activate")}
            <span className="sr-only">: {campaign.name}</span>
          </Button>
        ) : null}
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </div>
  );
}

/** A campaign's specification rows both the producer's view and the admin's review show: link, network, strategy, followers, hours and percentage when set. */
export function useCampaignSpecRows(campaign: Campaign): [string, ReactNode][] {
  const t = useTranslations("campaigns");
  const format = useFormatter();
  const rows: [string, ReactNode][] = [
    [t("spec.link"), <ExternalLink key="link" href={campaign.link} fit="wrap" />],
    [t("columns.network"), t(`networks.${campaign.network}`)],
    [t("columns.strategy"), t(`strategies.${campaign.strategy}`)],
    [t("spec.followerCount"), format.number(campaign.follower_count)],
  ];
  if (campaign.hours !== null) rows.push([t("spec.hours"), format.number(campaign.hours)]);
  if (campaign.percentage !== null) rows.push([t("spec.percentage"), format.number(campaign.percentage / 100, "percent")]);
  return rows;
}

/** The rejection reason, when there is one, above a campaign's specification rows. */
export function CampaignSpecList({
  campaign,
  rows,
  testId,
  valueClassName,
}: {
  campaign: Campaign;
  rows: [string, ReactNode][];
  testId: string;
  valueClassName: string;
}) {
  const t = useTranslations("campaigns");
  return (
    <div className="grid gap-4">
      {campaign.rejection_reason ? (
        <Alert tone="error">
          <strong className="font-semibold">{t("spec.rejectionReason")}:</strong> <bdi>{campaign.rejection_reason}</bdi>
        </Alert>
      ) : null}
      <dl className="grid grid-cols-[fit-content(45%)_minmax(0,1fr)] gap-x-6 gap-y-3 text-sm" data-testid={testId}>
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-muted">{label}</dt>
            <dd className={valueClassName}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * An amount field's `onBlur` (for react-hook-form's register): the amount typed, in any digits, written back
 * through `write` in the locale's digits and grouping once the person leaves the field.
 */
export function useRialsRewrite(write: (text: string) => void) {
  const locale = useLocale();
  const format = useFormatter();
  return {
    onBlur: (event: { target: { value: string } }) => {
      const value = parseRials(event.target.value, locale);
      if (value !== undefined && Number.isInteger(value) && value > 0) write(format.number(value, "rials"));
    },
  };
}
