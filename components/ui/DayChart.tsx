"use client";
import { lazy, Suspense } from "react";

/** One line of a DayChart: its name in the key, its colour and dash (told apart without colour too), a value per day. */
export type DayChartSeries = {
  label: string;
  color: string;
  /** Canvas dash pattern in px; none: a solid line. */
  dash?: number[];
  width?: number;
  /** One per label; null where there is no figure (a gap). */
  values: (number | null)[];
};

export type DayChartProps = {
  /** What the chart shows, for screen readers (the table beside it holds the numbers). */
  label: string;
  /** Each day's name on the time axis, oldest first. */
  labels: string[];
  series: DayChartSeries[];
  /** Right to left: the oldest day on the right. */
  rtl: boolean;
  /** A figure in the locale's digits. */
  formatNumber: (value: number) => string;
  height?: number;
  /** The y axis starts at 0 (counts per day); false: it spans the figures (a running total such as a network's counter). */
  fromZero?: boolean;
};

/** A line's look: its colour and, so it is told apart without colour too, its dash (px) or width. */
export type DayLine<K extends string> = { key: K; color: string; dash?: readonly number[]; width?: number };

/** The time axis's labels: "Mar 20", «۳۰ اسفند» (a Tehran day at UTC midnight; the "day" format's calendar and digits, shorter). */
export const DAY_AXIS = { month: "short", day: "numeric", timeZone: "UTC" } as const;

/** The chart's series from the lines' looks: each named by `label`, with one value per row. */
export function daySeries<K extends string, R extends Record<K, number>>(
  lines: readonly DayLine<K>[],
  rows: readonly R[],
  label: (key: K) => string,
): DayChartSeries[] {
  return lines.map((line) => ({
    label: label(line.key),
    color: line.color,
    dash: line.dash ? [...line.dash] : undefined,
    width: line.width,
    values: rows.map((row) => row[line.key]),
  }));
}

/** uPlot (52 KB, 23 KB gzipped with its stylesheet; docs/features/campaigns.md) is fetched only when a chart is on screen. */
const DayChartCanvas = lazy(() => import("./DayChartCanvas"));

/**
 * A small line chart of figures per day, with its key. The drawing is an image to assistive technology,
 * named by `label`: a chart always has a table of the same numbers beside it, which is where screen
 * readers and copying read them. Nothing here is wider than its container.
 */
export function DayChart({ label, labels, series, rtl, formatNumber, height = 220, fromZero = true }: DayChartProps) {
  return (
    <figure className="grid min-w-0 gap-2" data-testid="day-chart">
      <div role="img" aria-label={label} className="min-w-0" style={{ minHeight: height }}>
        <Suspense
          fallback={
            <div aria-hidden="true" className="animate-pulse rounded-lg bg-surface-sunken motion-reduce:animate-none" style={{ height }} />
          }
        >
          <DayChartCanvas labels={labels} series={series} rtl={rtl} formatNumber={formatNumber} height={height} fromZero={fromZero} />
        </Suspense>
      </div>
      <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted">
        {series.map((line) => (
          <li key={line.label} className="flex items-center gap-1.5">
            <svg width="24" height="8" viewBox="0 0 24 8" className="shrink-0">
              <line x1="0" y1="4" x2="24" y2="4" stroke={line.color} strokeWidth={line.width ?? 2} strokeDasharray={line.dash?.join(" ")} />
            </svg>
            {line.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
