import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { contentPages } from "@/server/db/schema";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import { AppError } from "@/server/core/errors";
import { cachedPage } from "@/server/pages/page-cache";
import type { DbCtx } from "@/server/core/context";

export type ContentPage = {
  slug: string;
  locale: Locale;
  title: string;
  body: string;
  metaTitle: string;
  metaDescription: string;
  ogImage: string | null;
  updatedAt: Date;
};

/**
 * A content page in the asked locale, falling back to the default locale when that translation
 * does not exist yet. Unknown slug → page_not_found (404).
 */
export async function getPage(ctx: Pick<DbCtx, "db">, input: { slug: string; locale: Locale }): Promise<ContentPage> {
  return cachedPage(`${input.slug}\u0000${input.locale}`, () => loadPage(ctx.db, input));
}

async function loadPage(db: Db, input: { slug: string; locale: Locale }): Promise<ContentPage> {
  const wanted = [input.locale, defaultLocale];
  for (const locale of wanted) {
    const [row] = await db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.slug, input.slug), eq(contentPages.locale, locale)))
      .limit(1);
    if (row) {
      return {
        slug: row.slug,
        locale,
        title: row.title,
        body: row.body,
        metaTitle: row.metaTitle,
        metaDescription: row.metaDescription,
        ogImage: row.ogImage,
        updatedAt: row.updatedAt,
      };
    }
  }
  throw new AppError("page_not_found", { slug: input.slug });
}
