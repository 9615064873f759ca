/**
 * Pacing (drip-feed): how fast a campaign may be delivered. Pure and browser-safe; times are Tehran's.
 *
 * A pace may cap the units started per Tehran day and per hour (across the campaign's lines, as its
 * invoice counts them: an action is a unit, watch time counts minutes), keep the work to hours of the
 * day (from `hours.from` to `hours.to`, 0–24, Tehran), and hold it until a start day. The booster's feed
 * offers a paced campaign's work only within its pace, and a start is refused past it, counted under the
 * campaign's lock (server/activities/tasks.ts).
 */
import { TEHRAN_OFFSET_MINUTES, addDays, tehranDay, tehranDayStart } from "@/lib/time/tehran";

export type Pace = {
  perDay: number | null;
  perHour: number | null;
  hours: { from: number; to: number } | null;
  startsOn: string | null;
};

/** Units started within the current Tehran day and hour. */
export type PaceUsed = { today: number; thisHour: number };

/** The Tehran hour (0–23) of a moment. */
export function tehranHour(at: Date): number {
  return new Date(at.getTime() + TEHRAN_OFFSET_MINUTES * 60_000).getUTCHours();
}

/** The moments the current Tehran day and hour began (for counting what was started in them). */
export function paceWindows(now: Date): { dayStart: Date; hourStart: Date } {
  const dayStart = tehranDayStart(now);
  const hourStart = new Date(dayStart.getTime() + tehranHour(now) * 3_600_000);
  return { dayStart, hourStart };
}

/** How many more units the pace allows now (Infinity: no cap); 0 outside its hours or before its start day. */
export function paceLeft(pace: Pace | null | undefined, used: PaceUsed, now: Date): number {
  if (!pace) return Number.POSITIVE_INFINITY;
  if (pace.startsOn && tehranDay(now) < pace.startsOn) return 0;
  if (pace.hours) {
    const hour = tehranHour(now);
    if (hour < pace.hours.from || hour >= pace.hours.to) return 0;
  }
  const day = pace.perDay === null ? Number.POSITIVE_INFINITY : pace.perDay - used.today;
  const hour = pace.perHour === null ? Number.POSITIVE_INFINITY : pace.perHour - used.thisHour;
  return Math.max(0, Math.min(day, hour));
}

/** Units a day at most: the daily cap, or the hourly cap over the active hours (Infinity without either). */
export function unitsPerDay(pace: Pace | null | undefined): number {
  if (!pace) return Number.POSITIVE_INFINITY;
  const hours = pace.hours ? pace.hours.to - pace.hours.from : 24;
  const byHour = pace.perHour === null ? Number.POSITIVE_INFINITY : pace.perHour * hours;
  return Math.min(pace.perDay ?? Number.POSITIVE_INFINITY, byHour);
}

/**
 * The day a campaign of `units` would finish at its pace, starting `from` (or its start day, if later):
 * null without a cap (it goes as fast as boosters take it).
 */
export function pacedEnd(pace: Pace | null | undefined, units: number, from: string): string | null {
  const perDay = unitsPerDay(pace);
  if (!Number.isFinite(perDay) || perDay <= 0) return null;
  const start = pace?.startsOn && pace.startsOn > from ? pace.startsOn : from;
  return addDays(start, Math.max(0, Math.ceil(units / perDay) - 1));
}

/** A pace as the contract writes it (POST campaigns, its quote, PUT campaigns/{id}/pace): snake_case, null or absent for none. */
export type PaceFields = {
  per_day?: number | null | undefined;
  per_hour?: number | null | undefined;
  hours_from?: number | null | undefined;
  hours_to?: number | null | undefined;
  starts_on?: string | null | undefined;
};

/** The contract's pace fields as a Pace; null when they set no limit at all (unpaced). */
export function paceOf(fields: PaceFields): Pace | null {
  const hours = fields.hours_from != null && fields.hours_to != null ? { from: fields.hours_from, to: fields.hours_to } : null;
  const pace: Pace = { perDay: fields.per_day ?? null, perHour: fields.per_hour ?? null, hours, startsOn: fields.starts_on ?? null };
  return pace.perDay === null && pace.perHour === null && pace.hours === null && pace.startsOn === null ? null : pace;
}
