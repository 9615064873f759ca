"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Card } from "@/components/ui/Card";
import { DAY_AXIS, DayChart, daySeries, type DayLine } from "@/components/ui/DayChart";
import { DayTable } from "@/components/ui/DayTable";
import { EmptyState } from "@/components/ui/EmptyState";
import { QueryView } from "@/components/ui/QueryView";
import { Tabs } from "@/components/ui/Tabs";
import { useEarningsHistory, type EarningsHistory } from "@/lib/api/activities";
import { useMoney } from "@/lib/format/money";
import { directionOf, isLocale } from "@/lib/i18n/locales";
import { dayDate } from "@/lib/time/tehran";

type Day = EarningsHistory["days"][number];
type Amount = Exclude<keyof Day, "day">;

/** The chart's and the table's series; each told apart by its dash as well as its colour (contrast ≥ 4.5:1 on white). */
const SERIES = [
  { key: "earned", color: "#1645dd", width: 3 },
  { key: "released", color: "#15803d", dash: [6, 3] },
  { key: "clawed_back", color: "#b91c1c", dash: [1, 4] },
] as const satisfies readonly DayLine<Amount>[];

const BY = ["day", "week"] as const;
type By = (typeof BY)[number];

/** Runs of 7 days ending today (the oldest run may be shorter), each named by its first day. */
export function byWeek(days: readonly Day[]): Day[] {
  const weeks: Day[] = [];
  for (let end = days.length; end > 0; end -= 7) {
    const run = days.slice(Math.max(0, end - 7), end);
    weeks.unshift({
      day: run[0]!.day,
      earned: run.reduce((sum, day) => sum + day.earned, 0),
      released: run.reduce((sum, day) => sum + day.released, 0),
      clawed_back: run.reduce((sum, day) => sum + day.clawed_back, 0),
    });
  }
  return weeks;
}

/**
 * Issue 33, the booster's earnings over time: what they earned, what was released to their earnings and
 * what was clawed back, per Tehran day or per 7 days, as a chart with a table of the same figures; and
 * what is held, by the day it releases ("3 rewards, 5,400 IRR, released on … from 14:00").
 */
export function EarningsChart() {
  const t = useTranslations("earn.history");
  const query = useEarningsHistory();
  return (
    <Card id="earn-history" title={t("title")}>
      <QueryView query={query} loadError={t("loadError")} lines={4} empty={null}>
        {query.data ? <EarningsContent history={query.data} /> : null}
      </QueryView>
    </Card>
  );
}

function EarningsContent({ history }: { history: EarningsHistory }) {
  const t = useTranslations("earn.history");
  const format = useFormatter();
  const money = useMoney();
  const locale = useLocale();
  const rtl = isLocale(locale) && directionOf(locale) === "rtl";
  const [by, setBy] = useState<By>("day");
  const anything = history.days.some((day) => day.earned + day.released + day.clawed_back > 0);
  const rows = by === "day" ? history.days : byWeek(history.days);
  const labels = rows.map((row) => format.dateTime(dayDate(row.day), DAY_AXIS));
  return (
    <div className="grid min-w-0 gap-4" data-testid="earnings-history">
      {history.upcoming.length > 0 ? (
        <section aria-labelledby="earn-upcoming-title" className="grid gap-2">
          <h3 id="earn-upcoming-title" className="text-sm font-semibold text-ink">
            {t("upcomingTitle")}
          </h3>
          <ul className="grid gap-1 text-sm leading-6 text-ink" data-testid="earnings-upcoming">
            {history.upcoming.map((next) => (
              <li key={next.day}>
                {t("upcoming", {
                  count: next.count,
                  amount: money(next.amount),
                  date: format.dateTime(dayDate(next.day), "day"),
                  time: format.dateTime(new Date(next.first_at), "time"),
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {anything ? (
        <Tabs id="earn-history" values={BY} value={by} onChange={setBy} label={t("byLabel")} name={(value) => t(`by.${value}`)}>
          <div className="grid min-w-0 gap-3">
            <DayChart
              label={t("chartLabel", { from: labels[0] ?? "", to: labels.at(-1) ?? "" })}
              labels={labels}
              series={daySeries(SERIES, rows, (key) => t(key))}
              rtl={rtl}
              formatNumber={(value) => format.number(value, "short")}
            />
            <DayTable
              caption={by === "day" ? t("caption") : t("captionWeek")}
              dayHeader={by === "day" ? t("day") : t("week")}
              columns={SERIES.map(({ key }) => ({ key, label: t(key) }))}
              days={rows}
              cell={(row, key) => money(row[key])}
              testId="earnings-table"
              className="max-h-80 overflow-y-auto border border-surface-line"
              tableClassName="w-full min-w-[28rem] text-sm"
            />
          </div>
        </Tabs>
      ) : (
        <EmptyState testId="earnings-empty" padding="py-8">
          {t("empty")}
        </EmptyState>
      )}
    </div>
  );
}
