import type { Locale } from "@/lib/i18n/locales";

const PERSIAN = "۰۱۲۳۴۵۶۷۸۹";

/** Text with its ASCII digits written as the locale writes them (Persian digits in fa-IR). */
export function localizeDigits(text: string, locale: Locale | string): string {
  return locale === "fa-IR" ? text.replace(/\d/g, (digit) => PERSIAN[Number(digit)]!) : text;
}
