/**
 * A campaign's delivery over time, from its per-day rollup (campaign_delivery_days): the chart's
 * series and the expected end. Pure and browser-safe; days are Tehran days ("YYYY-MM-DD").
 *
 * Refilled is kept with the rollup (migration 0031): a unit dropped (undone before release) reopens for
 * another booster, and the next units delivered refill it, in the order of the changes (its own day too).
 */
import { addDays } from "@/lib/time/tehran";

export type RollupDay = {
  day: string;
  delivered: number;
  autoChecked: number;
  watched: number;
  reviewed: number;
  dropped: number;
  refilled: number;
};
export type SeriesDay = {
  day: string;
  delivered: number;
  auto_checked: number;
  watched: number;
  reviewed: number;
  dropped: number;
  refilled: number;
};
export type DeliveryTotals = Omit<SeriesDay, "day">;

const empty = (day: string): SeriesDay => ({ day, delivered: 0, auto_checked: 0, watched: 0, reviewed: 0, dropped: 0, refilled: 0 });

/**
 * Every day from `from` to `to` (both included) with its figures, and the totals over the whole
 * history (net: delivered and auto-checked less what was dropped; only API-checked work is re-checked,
 * so only it is dropped). `rows` may hold days before `from` (or after `to`): they count in the totals.
 */
export function deliverySeries(rows: readonly RollupDay[], from: string, to: string): { days: SeriesDay[]; totals: DeliveryTotals } {
  const totals: DeliveryTotals = { delivered: 0, auto_checked: 0, watched: 0, reviewed: 0, dropped: 0, refilled: 0 };
  const byDay = new Map<string, SeriesDay>();
  for (const row of rows) {
    const day: SeriesDay = {
      day: row.day,
      delivered: row.delivered,
      auto_checked: row.autoChecked,
      watched: row.watched,
      reviewed: row.reviewed,
      dropped: row.dropped,
      refilled: row.refilled,
    };
    byDay.set(row.day, day);
    for (const key of ["delivered", "auto_checked", "watched", "reviewed", "dropped", "refilled"] as const) totals[key] += day[key];
  }
  totals.delivered = Math.max(0, totals.delivered - totals.dropped);
  totals.auto_checked = Math.max(0, totals.auto_checked - totals.dropped);
  const days: SeriesDay[] = [];
  // One day's milliseconds at a time (no parsing per day): the window is read per request.
  const last = Date.parse(`${to}T00:00:00Z`);
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= last; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.push(byDay.get(day) ?? empty(day));
  }
  return { days, totals };
}

/** Days the rate is read over. */
export const ETA_WINDOW_DAYS = 7;

/**
 * When the campaign is expected to finish at the rate of its last ETA_WINDOW_DAYS days (`today`
 * included): units delivered net of drops per day, the units left, and the day; null when nothing is
 * left or nothing was delivered in that window.
 */
export function etaOf(
  days: readonly SeriesDay[],
  remaining: number,
  today: string,
): { remaining: number; rate_per_day: number; at: string | null } {
  const since = addDays(today, -(ETA_WINDOW_DAYS - 1));
  const net = days.filter((day) => day.day >= since && day.day <= today).reduce((sum, day) => sum + day.delivered - day.dropped, 0);
  const rate = Math.max(0, net) / ETA_WINDOW_DAYS;
  const left = Math.max(0, remaining);
  const at = left === 0 || rate === 0 ? null : addDays(today, Math.ceil(left / rate));
  return { remaining: left, rate_per_day: Math.round(rate * 100) / 100, at };
}
