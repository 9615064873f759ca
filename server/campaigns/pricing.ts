import { actionsByNetwork, DEFAULT_PRICES, DEFAULT_REFILL_DAYS, type PriceEntry } from "@/lib/campaigns/pricing";
import type { Network } from "@/lib/schemas/enums";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/server/audit";
import type { User } from "@/server/db/schema";
import { pricing } from "@/server/db/schema";
import { executor, type DbCtx, withTransaction } from "@/server/core/context";

/** Writes the default prices for any (network, action) that has none; admins' edits are kept. */
export async function ensureDefaultPricing(ctx: DbCtx): Promise<void> {
  const db = executor(ctx);
  await db
    .insert(pricing)
    .values(
      DEFAULT_PRICES.map((entry) => ({
        network: entry.network,
        action: entry.action,
        price: entry.price,
        boosterShare: entry.boosterShare,
        refillDays: entry.refillDays ?? 0,
      })),
    )
    .onConflictDoNothing();
}

export async function loadPricing(ctx: DbCtx): Promise<PriceEntry[]> {
  const db = executor(ctx);
  let rows = await db.select().from(pricing);
  if (rows.length === 0) {
    await ensureDefaultPricing(ctx);
    rows = await db.select().from(pricing);
  }
  return rows.map((row) => ({
    network: row.network,
    action: row.action,
    price: row.price,
    boosterShare: row.boosterShare,
    refillDays: row.refillDays,
  }));
}

/** An admin sets prices; unknown (network, action) pairs are refused; each change is one audit row. */
export async function updatePricing(
  ctx: DbCtx,
  input: {
    admin: User;
    changes: ReadonlyArray<{ network: Network; action: string; price: number; booster_share: number; refill_days?: number | undefined }>;
    ip: string;
  },
): Promise<PriceEntry[]> {
  const { admin, changes, ip } = input;
  changes.forEach((change, i) => {
    if (!(actionsByNetwork[change.network] as readonly string[]).includes(change.action))
      throw new AppError("price_action_unknown", {}, { [`prices.${i}.action`]: null });
  });
  await ensureDefaultPricing(ctx);
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    for (const change of changes) {
      await tx
        .insert(pricing)
        .values({
          network: change.network,
          action: change.action,
          price: change.price,
          boosterShare: change.booster_share,
          refillDays: change.refill_days ?? DEFAULT_REFILL_DAYS[change.action] ?? 0,
        })
        .onConflictDoUpdate({
          target: [pricing.network, pricing.action],
          // Without refill_days (an older client) the guarantee stays as it is.
          set: {
            price: change.price,
            boosterShare: change.booster_share,
            ...(change.refill_days !== undefined ? { refillDays: change.refill_days } : {}),
            updatedAt: new Date(),
          },
        });
      await recordAudit(ctx, {
        actorId: admin.id,
        action: "pricing.updated",
        targetType: "pricing",
        targetId: `${change.network}:${change.action}`,
        details: change,
        ip,
      });
    }
  });
  return loadPricing(ctx);
}
