import { DEFAULT_PRICES, type PriceEntry } from "@/lib/campaigns/pricing";
import type { Db } from "@/server/db";
import { pricing } from "@/server/db/schema";

/** Writes the default prices for any (network, action) that has none; admins' edits are kept. */
export async function ensureDefaultPricing(db: Pick<Db, "insert">): Promise<void> {
  await db
    .insert(pricing)
    .values(
      DEFAULT_PRICES.map((entry) => ({
        network: entry.network,
        action: entry.action,
        price: entry.price,
        boosterShare: entry.boosterShare,
      })),
    )
    .onConflictDoNothing();
}

export async function loadPricing(db: Db): Promise<PriceEntry[]> {
  let rows = await db.select().from(pricing);
  if (rows.length === 0) {
    await ensureDefaultPricing(db);
    rows = await db.select().from(pricing);
  }
  return rows.map((row) => ({ network: row.network, action: row.action, price: row.price, boosterShare: row.boosterShare }));
}
