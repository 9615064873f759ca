import { createTranslator } from "next-intl";
import faIR from "@/messages/fa-IR.json";
import enUS from "@/messages/en-US.json";
import trTR from "@/messages/tr-TR.json";
import arAE from "@/messages/ar-AE.json";
import { formats } from "@/lib/format/formats";
import { defaultLocale, languageOf, locales, matchLocale, type Locale } from "@/lib/i18n/locales";

const catalogue = { "fa-IR": faIR, "en-US": enUS, "tr-TR": trTR, "ar-AE": arAE } as const;

/** The locale of an API request: X-Locale, then the best accept-language entry, then fa-IR. */
export function requestLocale(headers: { get(name: string): string | null | undefined }): Locale {
  const explicit = matchLocale(headers.get("x-locale"));
  if (explicit) return explicit;
  const accept = headers.get("accept-language");
  if (accept) {
    const ranked = accept
      .split(",")
      .map((part) => {
        const [tag = "", ...params] = part.trim().split(";");
        const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
        return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
      })
      .filter((entry) => entry.tag && entry.q > 0)
      .sort((a, b) => b.q - a.q);
    for (const { tag } of ranked) {
      const exact = matchLocale(tag);
      if (exact) return exact;
      const byLanguage = locales.find((l) => languageOf(l) === tag.slice(0, 2).toLowerCase());
      if (byLanguage) return byLanguage;
    }
  }
  return defaultLocale;
}

/**
 * Translates a key under the "api" namespace for the given locale. Dates travel as epoch milliseconds
 * and are written with the pages' formats and time zone (`{until, date, dateTime}`). A refusal that
 * answers several requests says which one it speaks of with `about` (`{about, select, withdrawal {…}
 * invitation {…} other {…}}`): without it, the sentence is the `other` one.
 */
export function translateApi(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const t = createTranslator({ locale, messages: catalogue[locale], namespace: "api", timeZone: "Asia/Tehran", formats });
  return (t as unknown as (k: string, p: Record<string, string | number>) => string)(key, { about: "other", ...params });
}

/** A translator for any namespace of the pages' messages, for what the API writes in the reader's words (a CSV's labels). */
export function translateMessages(locale: Locale, namespace: string): (key: string, params?: Record<string, string | number>) => string {
  const t = createTranslator({ locale, messages: catalogue[locale], namespace: namespace as never, timeZone: "Asia/Tehran", formats });
  return (key, params) => (t as unknown as (k: string, p?: Record<string, string | number>) => string)(key, params);
}
