import { loadMessages } from "./messages";
import { defaultLocale, directionOf, matchLocale, type Locale } from "./locales";

/** The locale of a URL path: its prefix, else the default (unprefixed URLs are always fa-IR). */
export function localeOfPath(pathname: string): Locale {
  return matchLocale(pathname.split("/")[1]) ?? defaultLocale;
}

/**
 * Error texts for app/global-error.tsx, which renders when the root layout itself failed and so
 * without next-intl's provider. Only that locale's messages are loaded, and only then: the other
 * pages never download them.
 */
export async function loadStaticErrorTexts(locale: Locale) {
  const messages = await loadMessages(locale);
  return { dir: directionOf(locale), errors: messages.errors, common: messages.common, brand: messages.meta.brand };
}
