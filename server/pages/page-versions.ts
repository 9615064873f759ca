import { asc, eq } from "drizzle-orm";
import { contentPages } from "@/server/db/schema";
import { isLocale, locales, type Locale } from "@/lib/i18n/locales";
import { AppError } from "@/server/core/errors";
import type { ContentPage } from "@/server/pages/get-page";
import { executor, type DbCtx } from "@/server/core/context";

/** One language's version of a content page, as the back office edits it. */
export type PageVersion = ContentPage & { createdAt: Date };

/** A slug and the languages it is written in, for the back office's list. */
export type PageSummary = {
  slug: string;
  locales: Array<{ locale: Locale; title: string; updatedAt: Date }>;
  updatedAt: Date;
};

/** Locales in the interface's order (fa-IR first), rows in any locale we no longer serve left out. */
const byLocale = <T extends { locale: string }>(rows: T[]) =>
  rows
    .filter((row): row is T & { locale: Locale } => isLocale(row.locale))
    .sort((a, b) => locales.indexOf(a.locale) - locales.indexOf(b.locale));

export function toPageVersion(row: typeof contentPages.$inferSelect & { locale: Locale }): PageVersion {
  return {
    slug: row.slug,
    locale: row.locale,
    title: row.title,
    body: row.body,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    ogImage: row.ogImage,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Every slug with the locales it exists in and when each was last changed, by slug. */
export async function listPages(ctx: DbCtx): Promise<PageSummary[]> {
  const db = executor(ctx);
  const rows = await db
    .select({ slug: contentPages.slug, locale: contentPages.locale, title: contentPages.title, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .orderBy(asc(contentPages.slug));
  const bySlug = new Map<string, typeof rows>();
  for (const row of rows) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row]);
  return [...bySlug].map(([slug, versions]) => {
    const present = byLocale(versions);
    return {
      slug,
      locales: present.map((v) => ({ locale: v.locale, title: v.title, updatedAt: v.updatedAt })),
      updatedAt: new Date(Math.max(...versions.map((v) => v.updatedAt.getTime()))),
    };
  });
}

/** All locales' versions of one page; page_not_found (404) when it has none. */
export async function pageVersions(ctx: DbCtx, input: { slug: string }): Promise<PageVersion[]> {
  const db = executor(ctx);
  const { slug } = input;
  const rows = await db.select().from(contentPages).where(eq(contentPages.slug, slug));
  const versions = byLocale(rows).map(toPageVersion);
  if (versions.length === 0) throw new AppError("page_not_found", { slug });
  return versions;
}
