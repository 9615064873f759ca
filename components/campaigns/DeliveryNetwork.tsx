"use client";
import { useFormatter, useTranslations } from "next-intl";
import { DayChart } from "@/components/ui/DayChart";
import { NoValue } from "@/components/ui/NoValue";
import type { Campaign, Delivery } from "@/lib/api/campaigns";
import type { NetworkCounts } from "@/lib/schemas/activities";
import { DayTable } from "@/components/ui/DayTable";
import { useMetricLabel } from "./Invoice";

/** The network's counters, in the order one is picked for the sentence and the chart, and the invoice metrics each one counts. */
const COUNTERS = {
  subscribers: ["subscribers"],
  likes: ["likes"],
  comments: ["comments"],
  views: ["views", "views_per_post"],
} as const satisfies Record<Exclude<keyof NetworkCounts, "subscribers_hidden">, readonly string[]>;
type Counter = keyof typeof COUNTERS;
const COUNTER_KEYS = Object.keys(COUNTERS) as Counter[];

type NetworkDay = Delivery["network"]["days"][number];

/** A counter's figure at one point: null when not counted or (subscribers) hidden by the channel. */
function figureOf(counts: NetworkCounts | null | undefined, counter: Counter): number | null {
  if (!counts) return null;
  if (counter === "subscribers" && counts.subscribers_hidden) return null;
  return counts[counter];
}

/** The counter the sentence and the chart show: one the campaign bought work for, else the first the network gave. */
function counterFor(campaign: Campaign, points: readonly (NetworkCounts | null)[]): Counter | null {
  const given = COUNTER_KEYS.filter((counter) => points.some((point) => figureOf(point, counter) !== null));
  const bought = new Set(campaign.invoice.lines.filter((line) => line.max > 0).map((line) => line.metric));
  return given.find((counter) => COUNTERS[counter].some((metric) => bought.has(metric))) ?? given[0] ?? null;
}

/**
 * The network's own public counter beside what we delivered: "start 12,400 → now 13,410; we delivered
 * 1,000, 12 dropped and 12 refilled", a chart on the same days and a table; or why there is none.
 */
export function NetworkCounter({
  campaign,
  delivery,
  labels,
  rtl,
}: {
  campaign: Campaign;
  delivery: Delivery;
  labels: string[];
  rtl: boolean;
}) {
  const t = useTranslations("campaigns.networkCounter");
  const format = useFormatter();
  const metric = useMetricLabel();
  const network = delivery.network;
  let body;
  if (network.status === "not_available") {
    body = (
      <p className="text-sm leading-6 text-ink-muted">
        {campaign.network === "instagram" ? t("notAvailableInstagram") : t("notAvailable")}
      </p>
    );
  } else if (network.status === "not_yet") {
    body = <p className="text-sm leading-6 text-ink-muted">{t("notYet")}</p>;
  } else {
    const points: (NetworkCounts | null)[] = [network.start, ...network.days];
    const hidden = points.some((point) => point?.subscribers_hidden);
    const counter = counterFor(campaign, points);
    const last = [...network.days].reverse().find((day) => counter && figureOf(day, counter) !== null);
    const start = counter ? figureOf(network.start, counter) : null;
    const now = counter ? (figureOf(last, counter) ?? start) : null;
    const bought = counter ? COUNTERS[counter].filter((code) => campaign.invoice.lines.some((line) => line.metric === code)) : [];
    const delivered = bought.length > 0 ? bought.reduce((sum, code) => sum + (campaign.delivered[code] ?? 0), 0) : delivery.delivered;
    const byDay = new Map(network.days.map((day) => [day.day, day]));
    const values = counter ? delivery.days.map((day) => figureOf(byDay.get(day.day), counter)) : [];
    body = (
      <div className="grid min-w-0 gap-3">
        {counter ? (
          <p className="text-sm leading-6 text-ink" data-testid="network-sentence">
            {t("sentence", {
              counter: metric(counter),
              start: start === null ? t("notCounted") : format.number(start),
              now: now === null ? t("notCounted") : format.number(now),
              delivered: format.number(delivered),
              dropped: format.number(delivery.dropped),
              refilled: format.number(delivery.refilled),
            })}
          </p>
        ) : null}
        {network.start_at ? (
          <p className="text-xs text-ink-muted">
            {t.rich("startTaken", {
              date: format.dateTime(new Date(network.start_at), "date"),
              time: (chunks) => <time dateTime={network.start_at ?? undefined}>{chunks}</time>,
            })}
          </p>
        ) : null}
        {hidden ? (
          <p className="text-sm leading-6 text-ink-muted" data-testid="network-hidden">
            {t("hidden")}
          </p>
        ) : counter === "subscribers" ? (
          <p className="text-xs leading-5 text-ink-muted">{t("rounded")}</p>
        ) : null}
        {counter && values.some((value) => value !== null) ? (
          <DayChart
            label={t("chartLabel", { counter: metric(counter) })}
            labels={labels}
            series={[{ label: metric(counter), color: "#1645dd", width: 2, values }]}
            rtl={rtl}
            formatNumber={(value) => format.number(value)}
            height={160}
            fromZero={false}
          />
        ) : null}
        {network.days.length > 0 ? <NetworkTable days={network.days} /> : null}
      </div>
    );
  }
  return (
    <section aria-labelledby="network-title" className="grid min-w-0 gap-2" data-testid="delivery-network">
      <h3 id="network-title" className="text-sm font-semibold text-ink">
        {t("title")}
      </h3>
      {body}
    </section>
  );
}

/** The network's counter per day, newest first: one column per counter it gave. */
function NetworkTable({ days }: { days: NetworkDay[] }) {
  const tn = useTranslations("campaigns.networkCounter");
  const td = useTranslations("campaigns.delivery");
  const format = useFormatter();
  const metric = useMetricLabel();
  const counters = COUNTER_KEYS.filter((counter) =>
    days.some((day) => day[counter] !== null || (counter === "subscribers" && day.subscribers_hidden)),
  );
  const cell = (day: NetworkDay, counter: Counter) => {
    if (counter === "subscribers" && day.subscribers_hidden) return tn("hiddenValue");
    const value = day[counter];
    return value === null ? <NoValue label={tn("notCounted")} /> : format.number(value);
  };
  return (
    <DayTable
      caption={tn("caption")}
      dayHeader={td("day")}
      columns={counters.map((counter) => ({ key: counter, label: metric(counter) }))}
      days={days}
      cell={cell}
      testId="network-table"
      className="max-h-64 overflow-y-auto border border-surface-line"
    />
  );
}
