import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { ActorCtx, Ctx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { payouts, users, type Payout } from "@/server/db/schema";
import { RailError, type PayoutRail, type RailState, type RailTransfer } from "@/server/adapters/payout-rails/types";
import { applyPayoutEvent, movePayout } from "@/server/payouts/transitions";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The API rail's side of the state machine (the manual rail is admin.ts's export): approved payouts are
 * moved to `active` before they are sent, so a crash or a timeout between sending and recording leaves
 * them active — an unknown the reconciliation asks the provider about, never a failure and never a
 * second payment (the payout's id is the provider's transfer id: a repeat is refused as a duplicate).
 */

export type SendReport = { sent: number; unknown: number; failed: number };

const BATCH = 100;
/** A sent payout is first asked about after this long, and again at most this often. */
const FIRST_INQUIRY_MS = 2 * 60_000;
const INQUIRY_EVERY_MS = 10 * 60_000;

type Approved = { payout: Payout; firstName: string; lastName: string };

const toTransfer = ({ payout, firstName, lastName }: Approved): RailTransfer => ({
  id: payout.id,
  iban: payout.iban,
  amount: payout.amount,
  firstName,
  lastName,
  description: `Takapoo payout ${payout.id.slice(0, 8)}`,
});

/** A refusal as the pages say it (translated by its code), with the provider's own code as the detail. */
const refused = (error: RailError) => ({ reasonCode: "bank_refused" as const, reason: error.providerCode ?? undefined });

/**
 * Sends approved payouts, oldest approval first, in batches of 100; stops before a batch the provider's
 * balance cannot pay (those stay approved, for the next run once the wallet is topped up). A batch the
 * provider refuses is sent again one by one, so one bad IBAN fails only its own payout.
 */
export async function sendApprovedPayouts(ctx: ActorCtx, input: { rail: PayoutRail; limit?: number }): Promise<SendReport> {
  const { rail, limit = 5_000 } = input;
  const report: SendReport = { sent: 0, unknown: 0, failed: 0 };
  const approved = await ctx.db
    .select({ payout: payouts, firstName: users.firstName, lastName: users.lastName })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.status, "approved"))
    .orderBy(asc(payouts.approvedAt), asc(payouts.id))
    .limit(limit);
  if (!approved.length) return report;
  let balance = await rail.balance().catch(() => null);

  for (let start = 0; start < approved.length; start += BATCH) {
    const chunk = approved.slice(start, start + BATCH);
    const total = chunk.reduce((sum, row) => sum + row.payout.amount, 0);
    if (balance !== null && balance < total) break;
    const moved: Approved[] = [];
    for (const row of chunk) {
      const step = await movePayout(ctx, { payoutId: row.payout.id, event: "submit", rail: rail.id }).catch(() => null);
      // Only a payout this run moved is sent by it (another run, or an admin's export, may have moved it meanwhile).
      if (step?.moved) moved.push({ ...row, payout: step.payout });
    }
    if (!moved.length) continue;
    try {
      await rail.submit(randomUUID(), moved.map(toTransfer));
      report.sent += moved.length;
      if (balance !== null) balance -= total;
    } catch (error) {
      if (!(error instanceof RailError) || error.reason !== "rejected" || moved.length === 1) {
        if (error instanceof RailError && error.reason === "rejected") {
          await applyPayoutEvent(ctx, { payoutId: moved[0]!.payout.id, event: "fail", ...refused(error) });
          report.failed += 1;
        } else report.unknown += moved.length; // Left active: the reconciliation asks the provider what happened.
        continue;
      }
      for (const row of moved) {
        const outcome = await submitOne(ctx, rail, row);
        report[outcome] += 1;
      }
    }
  }
  return report;
}

/** One payout sent on its own: sent, failed (the provider refused it) or unknown (no clear answer). */
async function submitOne(ctx: ActorCtx, rail: PayoutRail, row: Approved): Promise<keyof SendReport> {
  try {
    await rail.submit(randomUUID(), [toTransfer(row)]);
    return "sent";
  } catch (error) {
    if (error instanceof RailError && error.reason === "rejected") {
      await applyPayoutEvent(ctx, { payoutId: row.payout.id, event: "fail", ...refused(error) });
      return "failed";
    }
    return "unknown";
  }
}

/** Applies what the provider says of a payout we sent; answers the state it acted on. */
export async function settleFromRail(
  ctx: ActorCtx,
  input: { rail: PayoutRail; payout: Payout; state: RailState },
): Promise<RailState["state"]> {
  const { rail, payout, state } = input;
  if (payout.status === "active") {
    if (state.state === "paid" || state.state === "returned") {
      const reference = state.state === "paid" ? state.reference : null;
      await applyPayoutEvent(ctx, { payoutId: payout.id, event: "confirm", bankReference: reference ?? `jibit:${payout.id}` });
    }
    if (state.state === "failed")
      await applyPayoutEvent(ctx, { payoutId: payout.id, event: "fail", reasonCode: "bank_failed", reason: state.reason });
    if (state.state === "not_found") {
      // Never taken by the provider (the submission was lost): send it again under the same id.
      const [user] = await ctx.db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, payout.userId));
      await submitOne(ctx, rail, { payout, firstName: user?.firstName ?? "", lastName: user?.lastName ?? "" });
    }
  }
  if (state.state === "returned" && (payout.status === "active" || payout.status === "confirmed"))
    await applyPayoutEvent(ctx, { payoutId: payout.id, event: "reverse", reasonCode: "bank_returned", reason: state.reason });
  await ctx.db.update(payouts).set({ inquiredAt: new Date() }).where(eq(payouts.id, payout.id));
  return state.state;
}

/** Asks the provider about one payout sent through it (an admin's "ask the bank now", and the job). */
export async function inquirePayout(
  ctx: ActorCtx,
  input: { rail: PayoutRail; payout: Payout },
): Promise<RailState["state"] | "unavailable"> {
  const { rail, payout } = input;
  try {
    return await settleFromRail(ctx, { rail, payout, state: await rail.inquire(payout.id) });
  } catch (error) {
    if (!(error instanceof RailError)) throw error;
    await ctx.db.update(payouts).set({ inquiredAt: new Date() }).where(eq(payouts.id, payout.id));
    return "unavailable";
  }
}

/** The back office's "ask the bank now": a payout sent through the rail, still active (or confirmed, for a return). */
export async function inquireSentPayout(ctx: ActorCtx, input: { rail: PayoutRail | null; payoutId: string }): Promise<void> {
  const { rail, payoutId } = input;
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) throw new AppError("payout_not_found");
  if (!rail || payout.rail !== rail.id) throw new AppError("payout_rail_manual");
  if (payout.status !== "active" && payout.status !== "confirmed") throw new AppError("payout_transition_invalid");
  await inquirePayout(ctx, { rail, payout });
}

/** Every few minutes: asks about each payout sent through the rail whose outcome is not known yet. */
export async function reconcileSentPayouts(
  ctx: ActorCtx & Pick<Ctx, "now">,
  input: { rail: PayoutRail; limit?: number },
): Promise<Record<string, number>> {
  const { now } = ctx;
  const { rail, limit = 500 } = input;
  const due = await ctx.db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.status, "active"),
        eq(payouts.rail, rail.id),
        lt(payouts.submittedAt, new Date(now.getTime() - FIRST_INQUIRY_MS)),
        or(isNull(payouts.inquiredAt), lt(payouts.inquiredAt, new Date(now.getTime() - INQUIRY_EVERY_MS))),
      ),
    )
    .orderBy(sql`${payouts.inquiredAt} nulls first`, asc(payouts.submittedAt))
    .limit(limit);
  const counts: Record<string, number> = {};
  for (const payout of due) {
    const outcome = await inquirePayout(ctx, { rail, payout });
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

/**
 * Once a day: every transfer the provider recorded over the last three days, matched to our payouts —
 * catches what the inquiries missed, and returns of payouts already confirmed.
 */
export async function reconcileRailDays(ctx: ActorCtx & Pick<Ctx, "now">, input: { rail: PayoutRail }): Promise<Record<string, number>> {
  const { now } = ctx;
  const { rail } = input;
  const counts: Record<string, number> = { seen: 0, settled: 0 };
  const from = new Date(now.getTime() - 3 * 24 * 3_600_000);
  const pending: { id: string; state: RailState }[] = [];
  for await (const change of rail.changes(from, now)) {
    counts.seen! += 1;
    const { id, ...state } = change;
    if (isUuid(id) && state.state !== "in_progress" && state.state !== "not_found") pending.push({ id, state });
  }
  for (let start = 0; start < pending.length; start += 500) {
    const slice = pending.slice(start, start + 500);
    const found = await ctx.db
      .select()
      .from(payouts)
      .where(
        and(
          inArray(
            payouts.id,
            slice.map((item) => item.id),
          ),
          eq(payouts.rail, rail.id),
          inArray(payouts.status, ["active", "confirmed"]),
        ),
      );
    for (const payout of found) {
      const state = slice.find((item) => item.id === payout.id)!.state;
      if (payout.status === "confirmed" && state.state !== "returned") continue;
      await settleFromRail(ctx, { rail, payout, state });
      counts.settled! += 1;
    }
  }
  return counts;
}
