import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, type Locale } from "./locales";

/** The Set-Cookie value that remembers a person's choice of language for 365 days. */
export function localeCookieValue(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** In the browser: writes the language cookie for the chosen locale. */
export function rememberLocale(locale: Locale): void {
  document.cookie = localeCookieValue(locale, window.location.protocol === "https:");
}
