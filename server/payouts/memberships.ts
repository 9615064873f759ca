import { randomUUID } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/server/db";
import type { Tx, UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { memberships, membershipPlans, transactions, users, type Membership, type MembershipPlan } from "@/server/db/schema";
import type { MembershipFundingSource } from "@/lib/schemas/enums";
import { systemAccountCode, transfer, userAccountCode, withRetry } from "@/server/ledger";
import { notify } from "@/server/notifications/notify";
import { invitationPaid } from "@/server/invitations/lifecycle";
import { recordAudit } from "@/server/audit/record";

const DAY_MS = 86_400_000;

/** The plans a booster can buy, cheapest first. */
export async function listPlans(db: Pick<Db, "select">): Promise<MembershipPlan[]> {
  return db
    .select()
    .from(membershipPlans)
    .where(eq(membershipPlans.active, true))
    .orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.price));
}

export type MembershipState = {
  /** The period in force now, with its plan. */
  current: { membership: Membership; plan: MembershipPlan } | null;
  /** The end of the last period paid for (a renewal or a change waiting for the current end). */
  paidUntil: Date | null;
  /** A period already paid that starts later (at most one). */
  next: Membership | null;
};

/** A user's membership now: the period in force and any period paid to follow it. */
export async function membershipOf(db: Pick<Db, "select">, userId: string, now = new Date()): Promise<MembershipState> {
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

/** Price per day of a plan, in Rials (fractions kept until the total is rounded). */
const perDay = (plan: Pick<MembershipPlan, "price" | "periodDays">) => plan.price / plan.periodDays;

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
 * difference for the days left and keeps the withdrawals already used; a cheaper one takes effect
 * when the current period ends. One period may wait after the current one. Paid from earnings or
 * the wallet (intent pay_membership) in the same transaction, under the user's row lock, so two
 * purchases of one user never both pass on one state.
 */
export async function buyMembership(
  ctx: UserCtx,
  input: { planId: string; payFrom: MembershipFundingSource; now?: Date },
): Promise<MembershipPurchase> {
  return withRetry(() => ctx.db.transaction((tx) => buyMembershipIn(tx, { buyerId: ctx.actor.id, ip: ctx.ip ?? null, ...input })));
}

/** What buying `plan` now would be for this user: its kind, price and dates; refused when a next period is already paid. */
export function quoteMembership(plan: MembershipPlan, state: MembershipState, now: Date) {
  const period = (startsAt: Date) => ({ startsAt, endsAt: new Date(startsAt.getTime() + plan.periodDays * DAY_MS) });
  if (!state.current) return { kind: "new" as const, price: plan.price, dates: period(now), withdrawalsUsed: 0, invitationsUsed: 0 };
  if (state.next) throw new AppError("membership_already_renewed", { until: state.paidUntil!.getTime() });
  if (state.current.plan.id === plan.id)
    return {
      kind: "renewal" as const,
      price: plan.price,
      dates: period(state.current.membership.endsAt),
      withdrawalsUsed: 0,
      invitationsUsed: 0,
    };
  if (perDay(plan) > perDay(state.current.plan)) {
    // The rest of the current period on the dearer plan: the difference for the days left.
    const current = state.current.membership;
    const daysLeft = (current.endsAt.getTime() - now.getTime()) / DAY_MS;
    return {
      kind: "upgrade" as const,
      price: Math.max(1, Math.ceil((perDay(plan) - perDay(state.current.plan)) * daysLeft)),
      dates: { startsAt: now, endsAt: current.endsAt },
      withdrawalsUsed: Math.min(current.withdrawalsUsed, plan.withdrawalsPerPeriod),
      invitationsUsed: Math.min(current.invitationsUsed, plan.invitationsPerPeriod),
    };
  }
  return {
    kind: "change_at_end" as const,
    price: plan.price,
    dates: period(state.current.membership.endsAt),
    withdrawalsUsed: 0,
    invitationsUsed: 0,
  };
}

/** The plan on sale with this id, or plan_not_found. */
export async function planOnSale(db: Pick<Db | Tx, "select">, planId: string): Promise<MembershipPlan> {
  const [plan] = await db
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.id, planId), eq(membershipPlans.active, true)));
  if (!plan) throw new AppError("plan_not_found");
  return plan;
}

/** buyMembership inside the caller's transaction (a gateway payment's settlement buys in its own). */
export async function buyMembershipIn(
  tx: Tx,
  input: { buyerId: string; ip: string | null; planId: string; payFrom: MembershipFundingSource; now?: Date },
): Promise<MembershipPurchase> {
  const now = input.now ?? new Date();
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.buyerId)).for("update");
  const plan = await planOnSale(tx, input.planId);
  const state = await membershipOf(tx, input.buyerId, now);
  const { kind, price, dates, withdrawalsUsed, invitationsUsed } = quoteMembership(plan, state, now);
  if (kind === "upgrade") await tx.update(memberships).set({ endsAt: now }).where(eq(memberships.id, state.current!.membership.id));

  const id = randomUUID();
  const moved = await payFor(tx, { userId: input.buyerId, payFrom: input.payFrom, amount: price, membershipId: id, planCode: plan.code });
  const [membership] = await tx
    .insert(memberships)
    .values({
      id,
      userId: input.buyerId,
      planId: plan.id,
      ...dates,
      withdrawalsAllowed: plan.withdrawalsPerPeriod,
      withdrawalsUsed,
      invitationsAllowed: plan.invitationsPerPeriod,
      invitationsUsed,
      pricePaid: price,
      transferId: moved.id,
    })
    .returning();
  // A friend's first plan: the invitation that brought them is paid, its reward due after the holding period.
  await invitationPaid(tx, input.buyerId, now);
  await notify(tx, {
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
  await recordAudit(tx, {
    actorId: input.buyerId,
    action: `membership.${kind}`,
    targetType: "membership",
    targetId: id,
    details: { plan: plan.code, price, pay_from: input.payFrom },
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
  tx: Tx,
  input: { userId: string; payFrom: MembershipFundingSource; amount: number; membershipId: string; planCode: string },
) {
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
    moved = await transfer(
      { db: tx, tx },
      {
        idempotencyKey: `membership:${input.membershipId}`,
        from: userAccountCode(input.userId, input.payFrom),
        to: systemAccountCode("revenue"),
        amount: input.amount,
        intent: "pay_membership",
        metadata: { membership_id: input.membershipId, transaction_id: row!.id },
      },
    );
  } catch (error) {
    // Each source says its own shortfall: "your earnings …" or "your wallet balance …".
    if (error instanceof AppError && error.code === "insufficient_funds" && input.payFrom === "earnings")
      throw new AppError("insufficient_balance");
    throw error;
  }
  await tx.update(transactions).set({ transferId: moved.id }).where(eq(transactions.id, row!.id));
  return moved;
}
