import type { ReactNode } from "react";
import { ScrollRegion } from "@/components/ui/ScrollRegion";

export type Column<R> = {
  key: string;
  /** The column's heading; `hiddenHeader` keeps it for screen readers only. */
  header: ReactNode;
  hiddenHeader?: boolean;
  cell: (row: R) => ReactNode;
  /** Classes added to the cell (colour, alignment) and to its heading. */
  className?: string;
  headerClassName?: string;
};

const th = "px-3 py-2 text-start font-medium";

/**
 * A list as a table in its own sideways scroll; with `card`, wide screens (md up) get the table and narrow ones
 * (from 360 px) one card per row. The first column heads its row (<th scope="row">) unless `rowHeader` is false.
 */
export function DataTable<R>({
  rows,
  rowKey,
  columns,
  caption,
  minWidth,
  rowHeader = true,
  rowHeaderClassName = "font-normal",
  rowClassName = "align-top",
  busy,
  testId,
  card,
  cardsTestId,
}: {
  rows: readonly R[];
  rowKey: (row: R) => string;
  columns: readonly Column<R>[];
  caption: string;
  /** The table's least width (a Tailwind class such as "min-w-[48rem]"). */
  minWidth?: string;
  rowHeader?: boolean;
  rowHeaderClassName?: string;
  rowClassName?: string;
  busy?: boolean;
  testId?: string;
  card?: { render: (row: R) => ReactNode; className?: string };
  cardsTestId?: string;
}) {
  const table = (
    <ScrollRegion label={caption} className={card ? "hidden md:block" : ""}>
      <table
        className={`w-full ${minWidth ?? ""} ${card ? "" : "text-start "}text-sm`.replace(/\s+/g, " ").trim()}
        data-testid={testId}
        aria-busy={busy || undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-surface-line text-ink-muted">
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.headerClassName ?? th}>
                {column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={`border-b border-surface-line ${rowClassName} last:border-b-0`.replace(/\s+/g, " ")}>
              {columns.map((column, index) =>
                index === 0 && rowHeader ? (
                  <th key={column.key} scope="row" className={`px-3 py-3 text-start ${rowHeaderClassName}`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={`px-3 py-3 ${column.className ?? ""}`.trim()}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
  if (!card) return table;
  return (
    <>
      {table}
      <ul className="grid gap-3 md:hidden" aria-label={caption} data-testid={cardsTestId}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={card.className ?? "grid gap-3 rounded-lg border border-surface-line p-4"}>
            {card.render(row)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A card's label–value pairs; `stack` puts each label over its value on phones (long values such as an IBAN keep their width). */
export function CardFields({
  items,
  className = "",
  stack = false,
}: {
  items: readonly [string, ReactNode][];
  className?: string;
  stack?: boolean;
}) {
  const columns = stack ? "grid-cols-1 gap-y-0.5 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-2" : "grid-cols-[auto_minmax(0,1fr)] gap-y-1.5";
  return (
    <dl className={`grid ${columns} gap-x-4 text-sm ${className}`.trim()}>
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className={`text-ink-muted${stack ? " pt-2 sm:pt-0" : ""}`}>{label}</dt>
          <dd className="min-w-0 text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
