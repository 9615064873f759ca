import { formats } from "@/lib/format/formats";

/** ASCII digits in the locale's own digits (Persian in fa-IR), for identifiers that are not numbers. */
export function localizeDigits(text: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { useGrouping: false });
  return text.replace(/[0-9]/g, (digit) => format.format(Number(digit)));
}

/** "YYYY-MM-DD" → the calendar day in local time (noon, so no time-zone shift moves it), or undefined. */
export function dateFromIso(value: string | null | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A picked calendar day → "YYYY-MM-DD" (Gregorian, whatever calendar it was picked in). */
export function isoFromDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(date.getFullYear()).padStart(4, "0")}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "YYYY-MM-DD" shown in the locale (fa-IR: Persian calendar and digits), or null. */
export function formatIsoDate(value: string | null | undefined, locale: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, formats.dateTime.day).format(date);
}
