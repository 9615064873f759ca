import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { type UserCtx, executor, type DbCtx, type TxCtx, withTransaction, withSavepoint } from "@/server/core/context";
import type { SettlementHandler } from "@/server/payments";
import { mergeMetadata } from "@/server/payments";
import { membershipPurchaseKinds, type MembershipPurchaseKind } from "@/lib/schemas/payouts";
import { AppError } from "@/server/core/errors";
import { memberships, membershipPlans, transactions, users, type Membership, type MembershipPlan } from "@/server/db/schema";
import type { MembershipFundingSource } from "@/lib/schemas/enums";
import { systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { notify } from "@/server/notifications";
import { planBought } from "@/server/payouts/plan-hooks";
import { recordAudit } from "@/server/audit";
import { quoteMembership, type MembershipQuote, type MembershipState } from "@/server/payouts/membership-quote";

export type { MembershipState };

/** The plans a booster can buy, cheapest first. */
export async function listPlans(ctx: DbCtx): Promise<MembershipPlan[]> {
  const db = executor(ctx);
  return db
    .select()
    .from(membershipPlans)
    .where(eq(membershipPlans.active, true))
    .orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.price));
}

/** A user's membership now: the period in force and any period paid to follow it. */
export async function membershipOf(ctx: DbCtx & { now?: Date }, input: { userId: string }): Promise<MembershipState> {
  const db = executor(ctx);
  const now = ctx.now ?? new Date();
  const { userId } = input;
  const rows = await db
    .select({ membership: memberships, plan: membershipPlans })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(and(eq(memberships.userId, userId), gt(memberships.endsAt, now)))
    .orderBy(asc(memberships.startsAt));
  const current = rows.find((row) => row.membership.startsAt <= now) ?? null;
  const next = rows.find((row) => row.membership.startsAt > now)?.membership ?? null;
  const paidUntil = rows.length > 0 ? rows[rows.length - 1]!.membership.endsAt : null;
  return { current, paidUntil, next };
}

export type MembershipPurchase = {
  membership: Membership;
  plan: MembershipPlan;
  paid: number;
  kind: "new" | "renewal" | "upgrade" | "change_at_end";
};

/**
 * POST memberships: periods are prepaid (no card on file in Iran). With none in force the plan starts
 * now; the same plan again is a renewal that starts when the current period (or the one already
 * paid after it) ends; a dearer plan (by price per day) is an upgrade that starts now, costs the
 * difference for the days left and adds allowance in the same proportion (quoteMembership), keeping
 * what was used; a cheaper one takes effect when the current period ends. One period may wait after the current one. Paid from earnings or
 * the wallet (intent pay_membership) in the same transaction, under the user's row lock, so two
 * purchases of one user never both pass on one state.
 */
export async function buyMembership(
  ctx: UserCtx,
  input: { planId: string; payFrom: MembershipFundingSource; now?: Date; expect?: PurchaseExpectation | undefined },
): Promise<MembershipPurchase> {
  return withTransaction(ctx, (ctx) => buyMembershipIn(ctx, { buyerId: ctx.actor.id, ip: ctx.ip ?? null, ...input }), { retry: true });
}

/** The price of the cheapest plan on sale (null: none is): an invitation's reward stays below it. */
export async function cheapestPlanPrice(ctx: DbCtx): Promise<number | null> {
  const db = executor(ctx);
  const [row] = await db
    .select({ price: membershipPlans.price })
    .from(membershipPlans)
    .where(eq(membershipPlans.active, true))
    .orderBy(asc(membershipPlans.price))
    .limit(1);
  return row?.price ?? null;
}

/** The plan on sale with this id, or plan_not_found. */
export async function planOnSale(ctx: DbCtx, input: { planId: string }): Promise<MembershipPlan> {
  const db = executor(ctx);
  const { planId } = input;
  const [plan] = await db
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.id, planId), eq(membershipPlans.active, true)));
  if (!plan) throw new AppError("plan_not_found");
  return plan;
}

/** What the person saw and agreed to on the plans page: refused (409 membership_changed) when the purchase is now another. */
export type PurchaseExpectation = { kind?: MembershipQuote["kind"] | undefined; price?: number | undefined };

/**
 * buyMembership inside the caller's transaction (a gateway payment's settlement buys in its own).
 * The person's row is locked first and "now" read after it: a purchase decides on what is true once
 * the purchases before it have committed (two purchases a millisecond apart both started "new"
 * periods when each read its clock before waiting for the lock).
 */
export async function buyMembershipIn(
  ctx: TxCtx,
  input: {
    buyerId: string;
    ip: string | null;
    planId: string;
    payFrom: MembershipFundingSource;
    now?: Date;
    expect?: PurchaseExpectation | undefined;
  },
): Promise<MembershipPurchase> {
  const tx = ctx.tx;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.buyerId)).for("update");
  const now = input.now ?? new Date();
  // The periods' rows too, before their counts are read: a withdrawal or an invitation taking one of them
  // at this moment commits first, and an upgrade then carries it (it copied a stale count before).
  await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, input.buyerId), gt(memberships.endsAt, now)))
    .for("update");
  const plan = await planOnSale(ctx, { planId: input.planId });
  const state = await membershipOf({ ...ctx, now }, { userId: input.buyerId });
  const quote = quoteMembership(plan, state, now);
  const { kind, price, dates } = quote;
  const expected = input.expect;
  if (expected && ((expected.kind !== undefined && expected.kind !== kind) || (expected.price !== undefined && price > expected.price)))
    throw new AppError("membership_changed");
  // An upgrade closes the period it carries on: it ends, and nothing more can be taken from it (a
  // withdrawal waiting for its row finds it closed and takes its slot on the upgrade: takeSlot).
  if (kind === "upgrade")
    await tx
      .update(memberships)
      .set({
        endsAt: dates.startsAt,
        withdrawalsAllowed: sql`${memberships.withdrawalsUsed}`,
        invitationsAllowed: sql`${memberships.invitationsUsed}`,
      })
      .where(eq(memberships.id, state.current!.membership.id));

  const id = randomUUID();
  const moved = await payFor(ctx, { userId: input.buyerId, payFrom: input.payFrom, amount: price, membershipId: id, planCode: plan.code });
  const [membership] = await tx
    .insert(memberships)
    .values({
      id,
      userId: input.buyerId,
      planId: plan.id,
      ...dates,
      withdrawalsAllowed: quote.withdrawalsAllowed,
      withdrawalsUsed: quote.withdrawalsUsed,
      invitationsAllowed: quote.invitationsAllowed,
      invitationsUsed: quote.invitationsUsed,
      pricePaid: price,
      replaces: kind === "upgrade" ? state.current!.membership.id : null,
      transferId: moved.id,
    })
    .returning();
  // A friend's first plan: the invitation that brought them is paid, its reward due after the holding period.
  await planBought({ ...ctx, now }, { buyerId: input.buyerId });
  await notify(ctx, {
    userId: input.buyerId,
    kind: "membership_bought",
    dedupeKey: `membership:${id}:bought`,
    params: {
      ...planParams(plan),
      purchase: kind,
      amount: price,
      starts_at: dates.startsAt.toISOString(),
      ends_at: dates.endsAt.toISOString(),
    },
  });
  await recordAudit(ctx, {
    actorId: input.buyerId,
    action: `membership.${kind}`,
    targetType: "membership",
    targetId: id,
    details: { plan: plan.code, price, pay_from: input.payFrom, adds: quote.adds },
    ip: input.ip,
  });
  return { membership: membership!, plan, paid: price, kind };
}

/** A plan in a notification's parameters: its code and its name in each language ("plan:fa-IR"…), read in the reader's. */
export function planParams(plan: Pick<MembershipPlan, "code" | "names">): Record<string, string> {
  return { plan: plan.code, ...Object.fromEntries(Object.entries(plan.names).map(([locale, name]) => [`plan:${locale}`, name])) };
}

/** Moves the price from earnings or the wallet to revenue, and shows it among the user's transactions. */
async function payFor(
  ctx: TxCtx,
  input: { userId: string; payFrom: MembershipFundingSource; amount: number; membershipId: string; planCode: string },
) {
  const { tx } = ctx;
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: input.userId,
      amount: input.amount,
      intent: "pay_membership",
      status: "paid",
      gateway: input.payFrom,
      approvedAt: new Date(),
      metadata: { membership_id: input.membershipId, plan: input.planCode },
    })
    .returning();
  let moved;
  try {
    moved = await transfer(ctx, {
      idempotencyKey: `membership:${input.membershipId}`,
      from: userAccountCode(input.userId, input.payFrom),
      to: systemAccountCode("revenue"),
      amount: input.amount,
      intent: "pay_membership",
      metadata: { membership_id: input.membershipId, transaction_id: row!.id },
    });
  } catch (error) {
    // Each source says its own shortfall: "your earnings …" or "your wallet balance …".
    if (error instanceof AppError && error.code === "insufficient_funds" && input.payFrom === "earnings")
      throw new AppError("ERR_INSUFFICIENT_BALANCE");
    throw error;
  }
  await tx.update(transactions).set({ transferId: moved.id }).where(eq(transactions.id, row!.id));
  return moved;
}

const isPurchaseKind = (value: string): value is MembershipPurchaseKind => (membershipPurchaseKinds as readonly string[]).includes(value);

/**
 * A plan paid by gateway (intent membership_payment): the money went to the wallet, and the plan is bought from
 * it in a savepoint of the same transaction. When buying is refused (the plan went off sale, a next period was paid
 * meanwhile, the price grew), the money stays in the wallet and the transaction says why. Registered with payments
 * at the composition root (server/root.ts).
 */
export const membershipSettlement: SettlementHandler = {
  async settled(ctx, { transaction }) {
    const { plan_id: planId, membership_kind: kind } = transaction.metadata as { plan_id?: unknown; membership_kind?: unknown };
    if (typeof planId !== "string") return null;
    // Bought as the kind the person was shown at checkout (another tab may have bought a plan meanwhile).
    const expect = typeof kind === "string" && isPurchaseKind(kind) ? { kind } : undefined;
    let note: Record<string, unknown>;
    try {
      const bought = await withSavepoint(ctx, (ctx) =>
        buyMembershipIn(ctx, { buyerId: transaction.userId, ip: null, planId, payFrom: "wallet", expect }),
      );
      note = { membership_id: bought.membership.id, membership_kind: bought.kind };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      note = { membership_not_bought: error.code };
    }
    const [noted] = await ctx.tx
      .update(transactions)
      .set({ metadata: mergeMetadata(note) })
      .where(eq(transactions.id, transaction.id))
      .returning();
    return noted ?? null;
  },
};
