/**
 * How far a campaign has come, defined once for every place that shows it (the list, the dashboard,
 * the view, the back office). Pure and browser-safe.
 *
 * A campaign buys lines: `max` units of one metric at `unitPrice` Rials each (the invoice, priced and
 * locked at purchase). Delivered units are approved or completed work, net of drops, per metric.
 * - per line: units delivered of units bought (a line delivered beyond its target counts as its target);
 * - overall, the percentage: the value delivered of the value bought (each line's delivered units at
 *   its unit price), so a campaign that spent part of its budget never reads 0 % because a cheap line
 *   has many units; a free campaign (a Trial: every price 0) counts units instead;
 * - money: what was spent of the budget for tasks (the invoice's subtotal).
 */
import type { TargetLine } from "@/lib/activities/tasks";

/** A stored invoice's lines as targets (only the fields a target has; the share locked at purchase when there is one). */
export function invoiceLines(invoice: unknown): TargetLine[] {
  const lines = (invoice as { lines?: TargetLine[] } | null)?.lines ?? [];
  return lines.map((line) => ({
    metric: line.metric,
    action: line.action,
    unitPrice: line.unitPrice,
    max: line.max,
    ...(typeof line.boosterShare === "number" ? { boosterShare: line.boosterShare } : {}),
  }));
}

export type LineProgress = { metric: string; delivered: number; bought: number };
export type CampaignProgress = {
  /** 0..100, rounded down; 100 only when every line is delivered. */
  percent: number;
  lines: LineProgress[];
  units: { delivered: number; bought: number };
};

export function progressOf(lines: readonly TargetLine[], delivered: Readonly<Record<string, number>>): CampaignProgress {
  const rows = lines.map((line) => {
    const bought = Math.max(0, line.max);
    return { line, bought, counted: Math.min(bought, Math.max(0, delivered[line.metric] ?? 0)) };
  });
  const priced = rows.some(({ line, bought }) => bought > 0 && line.unitPrice > 0);
  const weight = (row: (typeof rows)[number]) => (priced ? Math.max(0, row.line.unitPrice) : 1);
  const wanted = rows.reduce((sum, row) => sum + row.bought * weight(row), 0);
  const done = rows.reduce((sum, row) => sum + row.counted * weight(row), 0);
  const complete = rows.length > 0 && rows.every((row) => row.counted >= row.bought) && wanted > 0;
  const percent = wanted === 0 ? 0 : complete ? 100 : Math.min(99, Math.floor((done * 100) / wanted));
  return {
    percent,
    lines: rows.map(({ line, bought }) => ({ metric: line.metric, delivered: Math.max(0, delivered[line.metric] ?? 0), bought })),
    units: { delivered: rows.reduce((sum, row) => sum + row.counted, 0), bought: rows.reduce((sum, row) => sum + row.bought, 0) },
  };
}
