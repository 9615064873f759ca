import type { Db } from "../client";
import { contentPages, seedRuns } from "../schema";
import { loadSeedContentPages } from "./content-pages";

const DEMO_SEED = "demo-v1";

/**
 * Writes the demo data once per database: the content pages in four languages. A later edit or
 * deletion by an admin is kept, because the seed is recorded in seed_runs and never re-applied.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
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
    return true;
  });
}
