import type { MembershipPlan, Payout, PayoutEvent } from "@/server/db/schema";
import type { MembershipPlanView, MembershipQuoteView, MembershipView, PayoutView } from "@/lib/schemas/payouts";
import { minutesLeft, type MembershipQuote, type MembershipState } from "@/server/payouts/membership-quote";
import { expectedArrival } from "@/lib/payouts/paya";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toPayoutOutput({ payout, history }: { payout: Payout; history: PayoutEvent[] }): PayoutView {
  return {
    id: payout.id,
    amount: payout.amount,
    status: payout.status,
    iban: payout.iban,
    bank_name: payout.bankName,
    reason_code: payout.reasonCode,
    reason: payout.reason,
    bank_reference: payout.bankReference,
    created_at: payout.createdAt.toISOString(),
    updated_at: payout.updatedAt.toISOString(),
    approved_at: iso(payout.approvedAt),
    settled_at: iso(payout.settledAt),
    expected_arrival: iso(expectedArrival(payout)),
    history: history.map((event) => ({
      status: event.status,
      reason_code: event.reasonCode,
      note: event.note,
      at: event.createdAt.toISOString(),
    })),
  };
}

export function toPlanOutput(plan: MembershipPlan, locale: string): MembershipPlanView {
  return {
    id: plan.id,
    code: plan.code,
    name: plan.names[locale] ?? plan.names["en-US"] ?? plan.code,
    price: plan.price,
    period_days: plan.periodDays,
    withdrawals_per_period: plan.withdrawalsPerPeriod,
    invitations_per_period: plan.invitationsPerPeriod,
    retention_days: plan.retentionDays,
    daily_task_bonus: plan.dailyTaskBonus,
  };
}

/** A plan as the back office sees it: every locale's name, and whether it is on sale. */
export function toAdminPlan(plan: MembershipPlan) {
  const fields: Partial<MembershipPlanView> = toPlanOutput(plan, "en-US");
  delete fields.name;
  return { ...(fields as Omit<MembershipPlanView, "name">), names: plan.names, active: plan.active, sort_order: plan.sortOrder };
}

export function toMembershipOutput(state: MembershipState, locale: string): MembershipView | null {
  if (!state.current) return null;
  const { membership, plan } = state.current;
  return {
    id: membership.id,
    plan: toPlanOutput(plan, locale),
    starts_at: membership.startsAt.toISOString(),
    ends_at: membership.endsAt.toISOString(),
    withdrawals_allowed: membership.withdrawalsAllowed,
    withdrawals_left: membership.withdrawalsAllowed - membership.withdrawalsUsed,
    invitations_allowed: membership.invitationsAllowed,
    invitations_left: membership.invitationsAllowed - membership.invitationsUsed,
    renewed_until: state.next ? state.next.endsAt.toISOString() : null,
  };
}

/** A quote on the wire: what buying the plan now would cost and add. */
export function toQuoteOutput(planId: string, quote: MembershipQuote, now: Date): MembershipQuoteView {
  return {
    plan_id: planId,
    kind: quote.kind,
    price: quote.price,
    starts_at: quote.dates.startsAt.toISOString(),
    ends_at: quote.dates.endsAt.toISOString(),
    days_left: quote.kind === "upgrade" ? minutesLeft(quote.dates.endsAt, now) / 1_440 : null,
    adds: quote.adds,
    withdrawals_allowed: quote.withdrawalsAllowed,
    invitations_allowed: quote.invitationsAllowed,
  };
}
