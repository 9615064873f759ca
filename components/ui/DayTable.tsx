"use client";
import type { ReactNode } from "react";
import { useFormatter } from "next-intl";
import { ScrollRegion } from "@/components/ui/ScrollRegion";
import { dayDate } from "@/lib/time/tehran";

/**
 * A chart's numbers as a table beside it (for screen readers and copying): one row per Tehran day, newest
 * first, one column per series, in a box of its own that scrolls (both ways on a phone).
 */
export function DayTable<D extends { day: string }, K extends string>({
  caption,
  dayHeader,
  columns,
  days,
  cell,
  testId,
  className,
  tableClassName = "w-full text-sm",
}: {
  caption: string;
  /** The first column's header ("Day"), in the caller's words. */
  dayHeader: string;
  columns: readonly { key: K; label: ReactNode }[];
  days: readonly D[];
  cell: (day: D, key: K) => ReactNode;
  testId: string;
  className: string;
  tableClassName?: string;
}) {
  const format = useFormatter();
  return (
    <ScrollRegion label={caption} className={className}>
      <table className={tableClassName} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-surface">
          <tr className="border-b border-surface-line text-ink-muted">
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {dayHeader}
            </th>
            {columns.map(({ key, label }) => (
              <th key={key} scope="col" className="px-3 py-2 text-end font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.day} className="border-b border-surface-line last:border-b-0">
              <th scope="row" className="px-3 py-2 text-start font-normal whitespace-nowrap">
                <time dateTime={day.day}>{format.dateTime(dayDate(day.day), "day")}</time>
              </th>
              {columns.map(({ key }) => (
                <td key={key} className="px-3 py-2 text-end tabular-nums">
                  {cell(day, key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
