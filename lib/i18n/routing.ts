import { defineRouting } from "next-intl/routing";
import { defaultLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, locales } from "./locales";

/**
 * next-intl's view of our URLs, used for links and navigation. Locale negotiation itself is ours
 * (lib/i18n/negotiate.ts, run by proxy.ts), so next-intl's own detection is off.
 */
export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: "as-needed",
  localeDetection: false,
  localeCookie: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS },
  alternateLinks: false,
});
