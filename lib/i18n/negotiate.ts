import { defaultLocale, localeFromCountry, matchLocale, type Locale } from "./locales";

/**
 * What the proxy does with a page request, decided without I/O:
 * - "next": the URL already names a non-default locale; serve it as it is.
 * - "rewrite": serve the default locale's page for an unprefixed URL (fa-IR has no prefix).
 * - "redirect": send the browser elsewhere (the /fa-IR prefix permanently to the unprefixed URL,
 *   a wrongly cased prefix to its canonical case, an unprefixed URL to the visitor's locale).
 */
export type LocaleDecision =
  | { kind: "next"; locale: Locale }
  | { kind: "rewrite"; locale: Locale; pathname: string }
  | { kind: "redirect"; locale: Locale; pathname: string; status: 307 | 308 };

export type LocaleInputs = {
  pathname: string;
  /** The language cookie, set only when the person chose a language. */
  cookieLocale?: string | null;
  /**
   * The visitor's country (ISO alpha-2), or null when unknown; or a function that finds it, called
   * only when the URL has no locale prefix (the lookup is not free and most requests need none).
   */
  country?: string | null | (() => string | null);
};

export function decideLocale({ pathname, cookieLocale, country }: LocaleInputs): LocaleDecision {
  const [, first = "", ...rest] = pathname.split("/");
  const prefixed = matchLocale(first);

  if (prefixed) {
    const tail = rest.length ? `/${rest.join("/")}` : "";
    if (prefixed === defaultLocale) {
      // One canonical URL per page: the default locale lives without a prefix.
      return { kind: "redirect", locale: prefixed, pathname: tail || "/", status: 308 };
    }
    if (first !== prefixed) {
      return { kind: "redirect", locale: prefixed, pathname: `/${prefixed}${tail}`, status: 308 };
    }
    return { kind: "next", locale: prefixed };
  }

  const chosen = matchLocale(cookieLocale) ?? localeFromCountry(typeof country === "function" ? country() : country);
  if (chosen === defaultLocale) {
    return { kind: "rewrite", locale: chosen, pathname: `/${chosen}${pathname === "/" ? "" : pathname}` };
  }
  // Depends on who asks, so temporary.
  return { kind: "redirect", locale: chosen, pathname: `/${chosen}${pathname === "/" ? "" : pathname}`, status: 307 };
}

/** The public URL path of `pathname` (without locale) in `locale`: fa-IR unprefixed, the others prefixed. */
export function localizedPath(locale: Locale, pathname: string): string {
  const path = pathname.startsWith("/") ? pathname : `/${pathname}`;
  if (locale === defaultLocale) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** Removes a leading locale prefix: "/en-US/contact" → "/contact", "/en-US" → "/". */
export function stripLocale(pathname: string): string {
  const [, first = "", ...rest] = pathname.split("/");
  if (!matchLocale(first)) return pathname || "/";
  return rest.length ? `/${rest.join("/")}` : "/";
}
