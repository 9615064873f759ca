import type { MetadataRoute } from "next";
import { locales } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/negotiate";
import { alternatesFor, publicPaths, siteUrl } from "@/lib/seo/alternates";
import { listPageSlugs } from "@/server/pages/list-page-slugs";

// Content pages are added and edited at run time: the sitemap is built per request.
export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = siteUrl();
  const absolute = (path: string) => new URL(path, origin).toString();
  const entries: MetadataRoute.Sitemap = [];
  for (const path of publicPaths(await listPageSlugs())) {
    const { languages } = alternatesFor("fa-IR", path);
    const alternates = { languages: Object.fromEntries(Object.entries(languages).map(([l, p]) => [l, absolute(p)])) };
    for (const locale of locales) {
      entries.push({
        url: absolute(localizedPath(locale, path)),
        alternates,
        changeFrequency: path === "/" ? "daily" : "monthly",
        priority: path === "/" ? 1 : 0.6,
      });
    }
  }
  return entries;
}
