"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { DAY_AXIS, DayChart, daySeries, type DayLine } from "@/components/ui/DayChart";
import { EmptyState } from "@/components/ui/EmptyState";
import { QueryView } from "@/components/ui/QueryView";
import { useCampaignDelivery, type Campaign, type Delivery } from "@/lib/api/campaigns";
import { ETA_WINDOW_DAYS } from "@/lib/campaigns/delivery";
import { directionOf, isLocale } from "@/lib/i18n/locales";
import type { DeliveryDay } from "@/lib/schemas/activities";
import { dayDate } from "@/lib/time/tehran";
import { DayTable } from "@/components/ui/DayTable";
import { NetworkCounter } from "./DeliveryNetwork";

const FIGURES = [
  "delivered",
  "reviewed",
  "auto_checked",
  "watched",
  "awaiting_review",
  "dropped",
  "refilled",
] as const satisfies readonly (keyof Delivery)[];

/** The chart's and the table's series, in this order; each told apart by its dash as well as its colour (contrast ≥ 4.5:1 on white). */
const DAY_SERIES = [
  { key: "delivered", color: "#1645dd", width: 3 },
  { key: "auto_checked", color: "#0f766e", dash: [6, 3] },
  { key: "watched", color: "#7c3aed", dash: [2, 3] },
  { key: "reviewed", color: "#b45309", dash: [10, 3, 2, 3] },
  { key: "dropped", color: "#b91c1c", dash: [1, 4] },
  { key: "refilled", color: "#15803d", dash: [12, 4] },
] as const satisfies readonly DayLine<keyof Omit<DeliveryDay, "day">>[];

/** A rate per day may be a fraction ("0.4 a day"). */
const RATE = { maximumFractionDigits: 1 } as const;

/**
 * The producer's view of delivery: the totals (delivered, how they were checked, dropped at release and
 * refilled), a chart per Tehran day with the same numbers in a table, when it should finish at the last
 * days' rate, and the network's own counter beside ours.
 */
export function CampaignDelivery({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns.delivery");
  const query = useCampaignDelivery(campaign.id);
  return (
    <section aria-labelledby="delivery-title" className="grid min-w-0 gap-3" data-testid="campaign-delivery-panel">
      <h2 id="delivery-title" className="text-sm font-semibold text-ink">
        {t("title")}
      </h2>
      <QueryView query={query} loadError={t("loadError")} lines={4} empty={null}>
        {query.data ? <DeliveryContent campaign={campaign} delivery={query.data} /> : null}
      </QueryView>
    </section>
  );
}

function DeliveryContent({ campaign, delivery }: { campaign: Campaign; delivery: Delivery }) {
  const t = useTranslations("campaigns.delivery");
  const format = useFormatter();
  const locale = useLocale();
  const rtl = isLocale(locale) && directionOf(locale) === "rtl";
  const days = delivery.days;
  const anything = delivery.delivered + delivery.dropped + delivery.awaiting_review > 0;
  const history = days.some((day) => DAY_SERIES.some(({ key }) => day[key] !== 0));
  const formatNumber = (value: number) => format.number(value);
  const labels = days.map((day) => format.dateTime(dayDate(day.day), DAY_AXIS));
  const series = daySeries(DAY_SERIES, days, (key) => t(key));
  return (
    <div className="grid min-w-0 gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="campaign-delivery">
        {FIGURES.map((figure) => (
          <div key={figure} className="rounded-lg bg-surface-sunken px-3 py-2">
            <dt className="text-xs text-ink-muted">{t(figure)}</dt>
            <dd className="text-base font-semibold text-ink">
              <bdi dir="ltr">{format.number(delivery[figure])}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {history || (anything && days.length > 0) ? (
        <div className="grid min-w-0 gap-3">
          <h3 className="text-sm font-semibold text-ink">{t("perDay")}</h3>
          <DayChart
            label={t("chartLabel", { from: labels[0] ?? "", to: labels.at(-1) ?? "" })}
            labels={labels}
            series={series}
            rtl={rtl}
            formatNumber={formatNumber}
          />
          <DeliveryTable days={days} />
        </div>
      ) : (
        <EmptyState testId="delivery-empty" padding="py-8">
          {t("empty")}
        </EmptyState>
      )}
      <Eta campaign={campaign} eta={delivery.eta} />
      <NetworkCounter campaign={campaign} delivery={delivery} labels={labels} rtl={rtl} />
    </div>
  );
}

/** The same numbers as the chart, newest day first. */
function DeliveryTable({ days }: { days: DeliveryDay[] }) {
  const t = useTranslations("campaigns.delivery");
  const format = useFormatter();
  return (
    <DayTable
      caption={t("caption")}
      dayHeader={t("day")}
      columns={DAY_SERIES.map(({ key }) => ({ key, label: t(key) }))}
      days={days}
      cell={(day, key) => format.number(day[key])}
      testId="delivery-table"
      className="max-h-80 overflow-y-auto border border-surface-line"
      tableClassName="w-full min-w-[34rem] text-sm"
    />
  );
}

/** When the campaign should finish at the last days' rate; said only while it runs. */
function Eta({ campaign, eta }: { campaign: Campaign; eta: Delivery["eta"] }) {
  const t = useTranslations("campaigns.eta");
  const format = useFormatter();
  if (campaign.status !== "active" && campaign.status !== "paused") return null;
  const days = format.number(ETA_WINDOW_DAYS);
  const text = eta.at
    ? t.rich("at", {
        date: format.dateTime(dayDate(eta.at), "day"),
        rate: format.number(eta.rate_per_day, RATE),
        days,
        time: (chunks) => <time dateTime={eta.at ?? undefined}>{chunks}</time>,
      })
    : eta.remaining === 0
      ? t("done")
      : t("unknown", { days, remaining: format.number(eta.remaining) });
  return (
    <p className="text-sm leading-6 text-ink" data-testid="delivery-eta">
      {text}
    </p>
  );
}
