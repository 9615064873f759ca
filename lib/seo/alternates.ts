import { locales, type Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/negotiate";

/** The site's public origin for absolute URLs (canonical, hreflang, sitemap, Open Graph). */
export function siteUrl(env: Record<string, string | undefined> = process.env): URL {
  return new URL(env.SITE_URL || `http://localhost:${env.PORT || 3000}`);
}

/**
 * Canonical URL and hreflang alternates of a public page (path without locale): one per locale
 * plus x-default, the unprefixed Persian URL that negotiates the visitor's language.
 */
export function alternatesFor(locale: Locale, path: string) {
  const languages: Record<string, string> = {};
  for (const l of locales) languages[l] = localizedPath(l, path);
  languages["x-default"] = localizedPath("fa-IR", path);
  return { canonical: localizedPath(locale, path), languages };
}

/** Every public page, for the sitemap: fixed pages and the content pages that exist. */
export function publicPaths(contentSlugs: readonly string[]): string[] {
  return ["/", "/contact", ...contentSlugs.map((slug) => `/pages/${slug}`)];
}
