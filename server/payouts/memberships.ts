import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
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
 * difference for the days left and adds allowance in the same proportion (quoteMembership), keeping
 * what was used; a cheaper one takes effect when the current period ends. One period may wait after the current one. Paid from earnings or
 * the wallet (intent pay_membership) in the same transaction, under the user's row lock, so two
 * purchases of one user never both pass on one state.
 */
export async function buyMembership(
  ctx: UserCtx,
  input: { planId: string; payFrom: MembershipFundingSource; now?: Date; expect?: PurchaseExpectation | undefined },
): Promise<MembershipPurchase> {
  return withRetry(() => ctx.db.transaction((tx) => buyMembershipIn(tx, { buyerId: ctx.actor.id, ip: ctx.ip ?? null, ...input })));
}

const MINUTE_MS = 60_000;

/**
 * What a purchase gives besides its dates. A new period, a renewal and a change at the end pay the
 * plan's whole price and get its whole allowance. An upgrade pays the difference per day for the
 * whole minutes left and gets, for those minutes, the difference per day in allowance: the period's
 * allowance so far, plus (the dearer plan's per-day allowance − the current plan's) × days left,
 * rounded down — so everything a purchase adds is in proportion to what it cost (issue 30). The
 * shorter hold and the extra tasks are per day already: they apply while the plan is in force.
 */
export type MembershipQuote = {
  kind: MembershipPurchase["kind"];
  price: number;
  dates: { startsAt: Date; endsAt: Date };
  withdrawalsAllowed: number;
  withdrawalsUsed: number;
  invitationsAllowed: number;
  invitationsUsed: number;
  /** What this purchase adds to the period it starts or carries on. */
  adds: { withdrawals: number; invitations: number };
};

type Allowance = "withdrawalsPerPeriod" | "invitationsPerPeriod";

/** Whole minutes from now to the end of a period (an upgrade is priced for them). */
export const minutesLeft = (endsAt: Date, now: Date) => Math.max(0, Math.round((endsAt.getTime() - now.getTime()) / MINUTE_MS));

/** Per day of a plan's period: its withdrawals or invitations. */
const allowancePerDay = (plan: MembershipPlan, what: Allowance) => plan[what] / plan.periodDays;

/**
 * What buying `plan` now would be for this user: its kind, price, dates and allowances; refused when
 * a next period is already paid. The plans page shows the same quote (GET memberships/quote).
 */
export function quoteMembership(plan: MembershipPlan, state: MembershipState, now: Date): MembershipQuote {
  const whole = (kind: MembershipQuote["kind"], startsAt: Date): MembershipQuote => ({
    kind,
    price: plan.price,
    dates: { startsAt, endsAt: new Date(startsAt.getTime() + plan.periodDays * DAY_MS) },
    withdrawalsAllowed: plan.withdrawalsPerPeriod,
    withdrawalsUsed: 0,
    invitationsAllowed: plan.invitationsPerPeriod,
    invitationsUsed: 0,
    adds: { withdrawals: plan.withdrawalsPerPeriod, invitations: plan.invitationsPerPeriod },
  });
  if (!state.current) return whole("new", now);
  if (state.next) throw new AppError("membership_already_renewed", { until: state.paidUntil!.getTime() });
  const { membership: current, plan: currentPlan } = state.current;
  if (currentPlan.id === plan.id) return whole("renewal", current.endsAt);
  if (perDay(plan) <= perDay(currentPlan)) return whole("change_at_end", current.endsAt);

  // The rest of the current period on the dearer plan, in whole minutes (the nearest: an upgrade bought the
  // moment a period starts pays for, and gets, exactly its days). Price and allowance count the same days.
  const daysLeft = minutesLeft(current.endsAt, now) / 1_440;
  // The small epsilons keep an exact product (5.999999999999 or 6.000000000001) whole.
  const more = (what: Allowance) =>
    Math.max(0, Math.floor((allowancePerDay(plan, what) - allowancePerDay(currentPlan, what)) * daysLeft + 1e-9));
  const adds = { withdrawals: more("withdrawalsPerPeriod"), invitations: more("invitationsPerPeriod") };
  return {
    kind: "upgrade",
    price: Math.max(1, Math.ceil((perDay(plan) - perDay(currentPlan)) * daysLeft - 1e-9)),
    // A period is never empty: an upgrade in the very millisecond its period began starts a millisecond later.
    dates: { startsAt: new Date(Math.max(now.getTime(), current.startsAt.getTime() + 1)), endsAt: current.endsAt },
    withdrawalsAllowed: current.withdrawalsAllowed + adds.withdrawals,
    withdrawalsUsed: current.withdrawalsUsed,
    invitationsAllowed: current.invitationsAllowed + adds.invitations,
    invitationsUsed: current.invitationsUsed,
    adds,
  };
}

/** The price of the cheapest plan on sale (null: none is): an invitation's reward stays below it. */
export async function cheapestPlanPrice(db: Pick<Db | Tx, "select">): Promise<number | null> {
  const [row] = await db
    .select({ price: membershipPlans.price })
    .from(membershipPlans)
    .where(eq(membershipPlans.active, true))
    .orderBy(asc(membershipPlans.price))
    .limit(1);
  return row?.price ?? null;
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

/** What the person saw and agreed to on the plans page: refused (409 membership_changed) when the purchase is now another. */
export type PurchaseExpectation = { kind?: MembershipQuote["kind"] | undefined; price?: number | undefined };

/**
 * buyMembership inside the caller's transaction (a gateway payment's settlement buys in its own).
 * The person's row is locked first and "now" read after it: a purchase decides on what is true once
 * the purchases before it have committed (two purchases a millisecond apart both started "new"
 * periods when each read its clock before waiting for the lock).
 */
export async function buyMembershipIn(
  tx: Tx,
  input: {
    buyerId: string;
    ip: string | null;
    planId: string;
    payFrom: MembershipFundingSource;
    now?: Date;
    expect?: PurchaseExpectation | undefined;
  },
): Promise<MembershipPurchase> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.buyerId)).for("update");
  const now = input.now ?? new Date();
  // The periods' rows too, before their counts are read: a withdrawal or an invitation taking one of them
  // at this moment commits first, and an upgrade then carries it (it copied a stale count before).
  await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, input.buyerId), gt(memberships.endsAt, now)))
    .for("update");
  const plan = await planOnSale(tx, input.planId);
  const state = await membershipOf(tx, input.buyerId, now);
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
  const moved = await payFor(tx, { userId: input.buyerId, payFrom: input.payFrom, amount: price, membershipId: id, planCode: plan.code });
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
    details: { plan: plan.code, price, pay_from: input.payFrom, adds: quote.adds },
    ip: input.ip,
  });
  return { membership: membership!, plan, paid: price, kind };
}

/**
 * Takes one withdrawal or invitation of the period in force at `now` — or of the upgrade that carries it
 * on — in one conditional UPDATE, so parallel requests never pass the limit. Answers the period's id,
 * or null when none is in force or its allowance is used. When an upgrade commits while the UPDATE
 * waits for the old period's row, that row is closed (allowed = used) and the statement runs again on
 * a fresh snapshot, which finds the upgrade.
 */
export async function takeSlot(tx: Tx, userId: string, what: "withdrawals" | "invitations", now: Date): Promise<string | null> {
  const used = what === "withdrawals" ? sql.raw("withdrawals_used") : sql.raw("invitations_used");
  const allowed = what === "withdrawals" ? sql.raw("withdrawals_allowed") : sql.raw("invitations_allowed");
  const at = sql`${now.toISOString()}::timestamptz`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = await tx.execute<{ id: string }>(sql`
      with recursive chain(id, depth) as (
        select id, 0 from memberships where user_id = ${userId} and starts_at <= ${at} and ends_at > ${at}
        union all
        select later.id, chain.depth + 1 from memberships as later join chain on later.replaces = chain.id
      )
      update memberships set ${used} = ${used} + 1
      where id = (select id from chain order by depth desc limit 1) and ${used} < ${allowed}
      returning id`);
    if (taken.rows[0]) return taken.rows[0].id;
    const replaced = await tx.execute<{ id: string }>(sql`
      select later.id from memberships as current join memberships as later on later.replaces = current.id
      where current.user_id = ${userId} and current.starts_at <= ${at} and current.ends_at > ${at} limit 1`);
    if (!replaced.rows[0]) return null;
  }
  return null;
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
