import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { contentPages, seedRuns } from "../schema";
import { loadSeedContentPages } from "./content-pages";

const DEMO_SEED = "demo-v1";
/** The privacy page gained "Your YouTube channel" (what connecting one lets us read, and how to revoke it). */
const PRIVACY_YOUTUBE = "privacy-youtube-v1";

/**
 * Writes the base content once per database, on every installation (a demo or not): the content pages
 * (the legal pages among them) in four languages. A later edit or deletion by an admin is kept, because
 * the seed is recorded in seed_runs and never re-applied. A demo's world is server/demo/world.ts.
 */
export async function seedBaseContent(db: Db): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    const claimed = await tx.insert(seedRuns).values({ name: DEMO_SEED }).onConflictDoNothing().returning({ name: seedRuns.name });
    if (claimed.length === 0) return false;
    await tx
      .insert(contentPages)
      .values(
        loadSeedContentPages().map((page) => ({
          slug: page.slug,
          locale: page.locale,
          title: page.title,
          body: page.body,
          metaTitle: page.metaTitle,
          metaDescription: page.metaDescription,
        })),
      )
      .onConflictDoNothing();
    // A new installation has today's texts already: the updates below are for older ones.
    await tx.insert(seedRuns).values({ name: PRIVACY_YOUTUBE }).onConflictDoNothing();
    return true;
  });
  if (!seeded) await updatePrivacyPage(db);
  return seeded;
}

/**
 * Once per database: an installation seeded before the YouTube section existed gets today's privacy
 * page in each language where no admin has edited it since it was seeded (its updated_at is still its
 * created_at). An edited one is kept, and the log says what to add by hand.
 */
export async function updatePrivacyPage(db: Db): Promise<void> {
  const edited = await db.transaction(async (tx) => {
    const claimed = await tx.insert(seedRuns).values({ name: PRIVACY_YOUTUBE }).onConflictDoNothing().returning({ name: seedRuns.name });
    if (claimed.length === 0) return [];
    const left: string[] = [];
    for (const page of loadSeedContentPages().filter((p) => p.slug === "privacy")) {
      const where = and(eq(contentPages.slug, "privacy"), eq(contentPages.locale, page.locale));
      const updated = await tx
        .update(contentPages)
        .set({
          body: page.body,
          title: page.title,
          metaTitle: page.metaTitle,
          metaDescription: page.metaDescription,
          updatedAt: sql`now()`,
        })
        .where(and(where, eq(contentPages.updatedAt, contentPages.createdAt)))
        .returning({ id: contentPages.id });
      if (updated.length === 0 && (await tx.select({ id: contentPages.id }).from(contentPages).where(where)).length > 0)
        left.push(page.locale);
    }
    return left;
  });
  if (edited.length > 0)
    console.warn(
      `[pages] the privacy page (${edited.join(", ")}) was edited here, so it was kept: add the section "Your YouTube channel" from server/db/seed/pages/privacy.<locale>.md in the back office`,
    );
}
