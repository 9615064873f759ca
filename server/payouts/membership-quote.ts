import type { Membership, MembershipPlan } from "@/server/db/schema";
import type { MembershipPurchaseKind } from "@/lib/schemas/payouts";
import { AppError } from "@/server/core/errors";

const DAY_MS = 86_400_000;

export type MembershipState = {
  /** The period in force now, with its plan. */
  current: { membership: Membership; plan: MembershipPlan } | null;
  /** The end of the last period paid for (a renewal or a change waiting for the current end). */
  paidUntil: Date | null;
  /** A period already paid that starts later (at most one). */
  next: Membership | null;
};

/** Price per day of a plan, in Rials (fractions kept until the total is rounded). */
const perDay = (plan: Pick<MembershipPlan, "price" | "periodDays">) => plan.price / plan.periodDays;

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
  kind: MembershipPurchaseKind;
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
