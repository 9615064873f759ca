/** The interface languages, their text direction and the cookie that remembers a choice. Pure: safe everywhere. */
export const locales = ["fa-IR", "en-US", "tr-TR", "ar-AE"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "fa-IR";

/** Name of the cookie written only when a person picks a language, and its lifetime (365 days). */
export const LOCALE_COOKIE = "NEXT_LOCALE";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const rtl: ReadonlySet<Locale> = new Set<Locale>(["fa-IR", "ar-AE"]);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Finds a locale regardless of case ("en-us" → "en-US"); undefined when it is not one of ours. */
export function matchLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const lower = value.toLowerCase();
  return locales.find((l) => l.toLowerCase() === lower);
}

export function directionOf(locale: Locale): "rtl" | "ltr" {
  return rtl.has(locale) ? "rtl" : "ltr";
}

/** Short code: "fa-IR" → "fa". */
export function languageOf(locale: Locale): string {
  return locale.slice(0, 2);
}

/** SPEC §4 and DESIGN §4: IR → fa-IR, TR → tr-TR, any other known country → en-US, unknown → fa-IR. */
export function localeFromCountry(country: string | null | undefined): Locale {
  const code = normalizeCountryCode(country);
  if (!code) return defaultLocale;
  if (code === "IR") return "fa-IR";
  if (code === "TR") return "tr-TR";
  return "en-US";
}

/**
 * An ISO 3166-1 alpha-2 code in upper case, or null. Proxy headers use "XX" (unknown) and
 * "T1" (Tor) for no country; those count as unknown.
 */
export function normalizeCountryCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || code === "XX" || code === "ZZ") return null;
  return code;
}

/** Request headers the proxy adds for the server: the negotiated locale and the path asked for. */
export const LOCALE_HEADER = "x-takapoo-locale";
export const PATH_HEADER = "x-takapoo-path";
