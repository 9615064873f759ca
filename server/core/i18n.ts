import { createTranslator } from "next-intl";
import faIR from "@/messages/fa-IR.json";
import enUS from "@/messages/en-US.json";
import trTR from "@/messages/tr-TR.json";
import arAE from "@/messages/ar-AE.json";
import { formats } from "@/lib/format/formats";
import type { Locale } from "@/lib/i18n/locales";

// The server's words in the reader's language: no HTTP here, so the seed and the CLI use it too
// (server/http/i18n.ts adds the request's locale).
const catalogue = { "fa-IR": faIR, "en-US": enUS, "tr-TR": trTR, "ar-AE": arAE } as const;

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
