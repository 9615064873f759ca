import { sharedDatabase } from "@/server/db";
import { contentPages } from "@/server/db/schema";

/** The slugs of all content pages, for the sitemap. */
export async function listPageSlugs(): Promise<string[]> {
  const { db } = await sharedDatabase();
  const rows = await db.selectDistinct({ slug: contentPages.slug }).from(contentPages).orderBy(contentPages.slug);
  return rows.map((row) => row.slug);
}
