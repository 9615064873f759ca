"use client";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { DayChartProps } from "./DayChart";

/** Steps between labelled days: every day, every other day, … a quarter. */
const DAY_STEPS = [1, 2, 3, 5, 7, 10, 14, 15, 30, 60, 90, 180];

/**
 * The drawing itself, loaded on demand by DayChart (uPlot and its stylesheet are in this chunk only):
 * one line per series over the days (x is the day's index, so no time zone enters), a y axis from 0,
 * and, right to left, the first day on the right with the y axis beside it.
 */
export default function DayChartCanvas(props: Omit<DayChartProps, "label">) {
  const box = useRef<HTMLDivElement>(null);
  // The chart is drawn again only when what it shows changes, not on every render (formatNumber is a new function each time).
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const shown = JSON.stringify([props.labels, props.series, props.rtl, props.height, props.fromZero]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const { labels, series, rtl, height = 220, fromZero = true } = latest.current;
    const formatNumber = (value: number) => latest.current.formatNumber(value);
    const style = getComputedStyle(element);
    const font = `12px ${style.fontFamily || "sans-serif"}`;
    const axisColor = style.color || "#475569";
    const grid = { stroke: "#e2e8f0", width: 1 };
    const ticks = { stroke: "#e2e8f0", width: 1, size: 4 };
    const options: uPlot.Options = {
      width: Math.max(1, element.clientWidth),
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, dir: rtl ? -1 : 1, range: (_u, min, max) => [min, Math.max(max, min + 1)] },
        y: {
          range: (_u, min, max) => {
            if (fromZero) return [0, Math.max(1, Math.ceil(max * 1.1))];
            const pad = Math.max(1, Math.ceil((max - min) * 0.1));
            return [Math.max(0, min - pad), max + pad];
          },
        },
      },
      axes: [
        {
          font,
          stroke: axisColor,
          grid: { show: false },
          ticks,
          space: 56,
          incrs: DAY_STEPS,
          values: (_u, splits) => splits.map((index) => (Number.isInteger(index) ? (labels[index] ?? "") : "")),
        },
        {
          side: rtl ? 1 : 3,
          font,
          stroke: axisColor,
          grid,
          ticks,
          size: 56,
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000, 100_000, 1_000_000, 10_000_000],
          values: (_u, splits) => splits.map((value) => formatNumber(value)),
        },
      ],
      series: [
        {},
        ...series.map((line) => ({
          label: line.label,
          stroke: line.color,
          width: line.width ?? 2,
          dash: line.dash,
          spanGaps: false,
          points: { show: labels.length <= 31, size: 5, fill: line.color, stroke: line.color },
        })),
      ],
    };
    const data: uPlot.AlignedData = [labels.map((_label, index) => index), ...series.map((line) => line.values)];
    const chart = new uPlot(options, data, element);
    const resize =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(() => chart.setSize({ width: Math.max(1, element.clientWidth), height }));
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      chart.destroy();
    };
  }, [shown]);

  return <div ref={box} className="w-full text-ink-muted" data-testid="day-chart-canvas" />;
}
