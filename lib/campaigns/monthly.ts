/**
 * A Smart campaign run month by month (issue 32, SPEC §3's minimum monthly cost and this month's budget).
 * Pure and browser-safe. Months are Tehran's (Solar Hijri, lib/time/tehran.ts).
 */
import { feeOnBudget } from "@/lib/campaigns/quote";
import { addDays, tehranDay, tehranMonthDays } from "@/lib/time/tehran";

/** The days a month's cost is counted over. */
export const MONTH_DAYS = 30;

/**
 * The minimum monthly cost: what the campaign's lines cost in a month at the slowest pace allowed, one unit
 * of each line a day for MONTH_DAYS days at the campaign's own (locked) prices, the service fee on top.
 * A monthly budget below it could not buy a unit of each line a day.
 */
export function minimumMonthlyCost(lines: readonly { unitPrice: number }[]): number {
  const forTasks = MONTH_DAYS * lines.reduce((sum, line) => sum + Math.max(0, line.unitPrice), 0);
  return forTasks + feeOnBudget(forTasks);
}

/** The next renewal's day: the first Tehran day of the month after the one `now` falls in. */
export function renewsOn(now: Date): string {
  return addDays(tehranMonthDays(tehranDay(now)).last, 1);
}
