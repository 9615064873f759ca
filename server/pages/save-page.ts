import { getTableColumns, sql } from "drizzle-orm";
import { contentPages, type User } from "@/server/db/schema";
import type { Locale } from "@/lib/i18n/locales";
import type { PageContent } from "@/lib/schemas/pages";
import { recordAudit } from "@/server/audit";
import { invalidatePage, PAGES_CHANNEL } from "@/server/pages/page-cache";
import { toPageVersion, type PageVersion } from "@/server/pages/page-versions";
import { withTransaction, type DbCtx } from "@/server/core/context";

/**
 * An admin writes one language's version of a page: created when it is missing, replaced when it
 * exists (one row per slug and locale), with its audit row in the same transaction. After the
 * commit the page cache forgets the slug, so the next read on this instance shows the new text, and
 * the slug is announced to the other instances (PAGES_CHANNEL), which forget it too.
 */
export async function savePage(
  ctx: DbCtx,
  input: { admin: Pick<User, "id">; slug: string; locale: Locale; content: PageContent; ip: string | null },
): Promise<{ page: PageVersion; created: boolean }> {
  const { admin, slug, locale, content, ip } = input;
  const fields = {
    title: content.title,
    body: content.body,
    metaTitle: content.meta_title,
    metaDescription: content.meta_description,
    ogImage: content.og_image,
  };
  const saved = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const [row] = await tx
      .insert(contentPages)
      .values({ slug, locale, ...fields })
      .onConflictDoUpdate({ target: [contentPages.slug, contentPages.locale], set: { ...fields, updatedAt: sql`now()` } })
      // xmax is 0 only on a freshly inserted row: whether this was a create or an update, atomically.
      .returning({ ...getTableColumns(contentPages), created: sql<boolean>`(xmax = 0)` });
    if (!row) throw new Error("content page upsert returned no row");
    await recordAudit(ctx, {
      actorId: admin.id,
      action: row.created ? "content_page.created" : "content_page.updated",
      targetType: "content_page",
      targetId: `${slug}:${locale}`,
      details: { slug, locale, title: content.title },
      ip,
    });
    return row;
  });
  invalidatePage(slug);
  // The edit is committed: a failed announcement leaves the others to their cache's 30 s, never an error here.
  await ctx.db
    .execute(sql`select pg_notify(${PAGES_CHANNEL}, ${slug})`)
    .catch((error: unknown) => console.error("[pages] the other instances were not told of the edit:", error));
  const { created, ...row } = saved;
  return { page: toPageVersion({ ...row, locale }), created };
}
