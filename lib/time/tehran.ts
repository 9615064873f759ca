/**
 * Iran's clock: UTC+03:30 all year since 2022 (no daylight saving). The app shows every date in
 * Asia/Tehran (lib/i18n/request.ts), so a day picked in a form ends at Tehran's midnight.
 */
export const TEHRAN_OFFSET_MINUTES = 210;

/** A picked day ("YYYY-MM-DD") as its last second in Tehran, ISO 8601; anything else unchanged. */
export function tehranDayEnd(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T23:59:59+03:30`).toISOString() : day;
}

/** The moment the Tehran day of `now` began (local midnight). */
export function tehranDayStart(now: Date): Date {
  const offset = TEHRAN_OFFSET_MINUTES * 60_000;
  const day = 86_400_000;
  return new Date(Math.floor((now.getTime() + offset) / day) * day - offset);
}

/** The Tehran day ("YYYY-MM-DD") a moment falls on. */
export function tehranDay(at: Date): string {
  return new Date(at.getTime() + TEHRAN_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The Tehran day `days` after (or, negative, before) a day ("YYYY-MM-DD"). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
