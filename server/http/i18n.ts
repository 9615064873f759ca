import { defaultLocale, languageOf, locales, matchLocale, type Locale } from "@/lib/i18n/locales";

export { translateApi, translateMessages } from "@/server/core/i18n";

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
