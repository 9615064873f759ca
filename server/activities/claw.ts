import { eq, sql } from "drizzle-orm";
import type { TxCtx } from "@/server/core/context";
import { activities, campaigns, type Activity } from "@/server/db/schema";
import { transfer } from "@/server/ledger";

/** One ledger move of a claw-back: its own idempotency key, where from, how much, its metadata. */
export type ClawMove = { key: string; from: string; amount: number; metadata: Record<string, unknown> };

/**
 * What a claw-back does once its caller has locked the activity (and the campaign) and decided the
 * amounts: each move, in order, into `to` as a refund (none when its amount is 0), the activity denied as
 * dropped at `now` with no cost (stamped as re-checked when `guaranteeChecked`), and, when the producer
 * paid for the work (`unspend`), the campaign's spent less its budget. Release's claw-back
 * (server/activities/retention.ts) and the guarantee's drop after release (server/activities/guarantee.ts).
 */
export async function clawBackMoves(
  ctx: TxCtx,
  input: {
    activity: Pick<Activity, "id" | "campaignId" | "budget">;
    to: string;
    moves: ClawMove[];
    now: Date;
    unspend: boolean;
    guaranteeChecked?: boolean;
  },
): Promise<void> {
  const { activity, now } = input;
  for (const move of input.moves)
    if (move.amount > 0)
      await transfer(ctx, {
        idempotencyKey: move.key,
        from: move.from,
        to: input.to,
        amount: move.amount,
        intent: "refund",
        metadata: move.metadata,
      });
  await ctx.tx
    .update(activities)
    .set({
      status: "denied",
      denialCode: "dropped",
      denialReason: null,
      cost: 0,
      droppedAt: now,
      ...(input.guaranteeChecked ? { guaranteeCheckedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(activities.id, activity.id));
  if (input.unspend)
    await ctx.tx
      .update(campaigns)
      .set({ spent: sql`greatest(${campaigns.spent} - ${activity.budget}, 0)` })
      .where(eq(campaigns.id, activity.campaignId));
}
