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

const persianMonth = new Intl.DateTimeFormat("en-US-u-ca-persian-nu-latn", { timeZone: "UTC", year: "numeric", month: "numeric" });

/**
 * The Tehran month of a day ("YYYY-MM-DD"), in the calendar Iran lives by (Solar Hijri): "1405-09".
 * Months are what a Smart campaign's monthly budget renews by.
 */
export function tehranMonthOf(day: string): string {
  const parts = persianMonth.formatToParts(new Date(`${day}T12:00:00Z`));
  const year = parts.find((part) => part.type === "year")!.value.replace(/\D/g, "");
  const month = parts.find((part) => part.type === "month")!.value.padStart(2, "0");
  return `${year}-${month}`;
}

/** The first and last Tehran days ("YYYY-MM-DD") of the Tehran month a day falls in. */
export function tehranMonthDays(day: string): { first: string; last: string } {
  const month = tehranMonthOf(day);
  let first = day;
  while (tehranMonthOf(addDays(first, -1)) === month) first = addDays(first, -1);
  let last = day;
  while (tehranMonthOf(addDays(last, 1)) === month) last = addDays(last, 1);
  return { first, last };
}

/** A Tehran day ("YYYY-MM-DD") as a date whose UTC calendar day is that day: shown with timeZone UTC it never shifts. */
export const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The `count` months up to the one `today` falls in, newest first, as ranges of Tehran days: Solar Hijri months
 * (Persian readers' calendar) or Gregorian ones. The statement's month filter and its printable month read them.
 */
export function recentMonths(today: string, count: number, calendar: "persian" | "gregory"): { first: string; last: string }[] {
  const months: { first: string; last: string }[] = [];
  let day = today;
  for (let i = 0; i < count; i++) {
    const month =
      calendar === "persian"
        ? tehranMonthDays(day)
        : { first: `${day.slice(0, 8)}01`, last: addDays(`${addDays(`${day.slice(0, 8)}01`, 32).slice(0, 8)}01`, -1) };
    months.push(month);
    day = addDays(month.first, -1);
  }
  return months;
}
