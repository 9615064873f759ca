import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { paged } from "@/server/db/paged";
import { payoutEvents, payouts, type Payout, type PayoutEvent, type PayoutStatus } from "@/server/db/schema";
import type { payoutListQuery } from "@/lib/schemas/payouts";
import type { z } from "zod";
import { executor, type DbCtx } from "@/server/core/context";

type Filter = z.output<typeof payoutListQuery>["status"];

/** The payouts page's tabs as statuses: paid, awaiting approval (not yet decided or on its way), rejected. */
const tabs: Record<string, readonly PayoutStatus[]> = {
  paid: ["confirmed"],
  awaiting_approval: ["pending", "approved", "active"],
  rejected: ["denied", "failed", "reversed"],
};

function statusCondition(filter: Filter): SQL | undefined {
  if (!filter) return undefined;
  return inArray(payouts.status, [...(tabs[filter] ?? [filter as PayoutStatus])]);
}

export type PayoutWithHistory = { payout: Payout; history: PayoutEvent[] };

/** Payout rows with their status history (one query for the page's events). */
export async function withHistory(ctx: DbCtx, input: { rows: Payout[] }): Promise<PayoutWithHistory[]> {
  const db = executor(ctx);
  const { rows } = input;
  if (rows.length === 0) return [];
  const events = await db
    .select()
    .from(payoutEvents)
    .where(
      inArray(
        payoutEvents.payoutId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(payoutEvents.createdAt), asc(payoutEvents.id));
  return rows.map((payout) => ({ payout, history: events.filter((event) => event.payoutId === payout.id) }));
}

/** A user's payouts, newest first, optionally of one tab or status. */
export async function listPayouts(
  ctx: DbCtx,
  filter: { userId: string; status: Filter; page: number; perPage: number },
): Promise<{ rows: PayoutWithHistory[]; total: number }> {
  const db = executor(ctx);
  const where = and(eq(payouts.userId, filter.userId), statusCondition(filter.status));
  const { rows, total } = await paged(db, { from: payouts, where, page: filter.page, perPage: filter.perPage }, (where) =>
    db.select().from(payouts).where(where).orderBy(desc(payouts.createdAt), desc(payouts.id)),
  );
  return { rows: await withHistory(ctx, { rows }), total };
}

/** One of the user's own payouts; null for anyone else's. */
export async function findOwnPayout(ctx: DbCtx, input: { userId: string; id: string }): Promise<PayoutWithHistory | null> {
  const db = executor(ctx);
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, input.id), eq(payouts.userId, input.userId)));
  return row ? ((await withHistory(ctx, { rows: [row] }))[0] ?? null) : null;
}

/** Any payout by id, with its history (for the back office). */
export async function findPayout(ctx: DbCtx, input: { id: string }): Promise<PayoutWithHistory | null> {
  const db = executor(ctx);
  const { id } = input;
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row ? ((await withHistory(ctx, { rows: [row] }))[0] ?? null) : null;
}
