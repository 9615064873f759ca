import { payoutEventNames, type PayoutEventName } from "@/lib/schemas/payouts";
import { eq, sql } from "drizzle-orm";
import { type ActorCtx, type Tx, withTransaction } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { memberships, payoutEvents, payouts, type Payout, type PayoutStatus } from "@/server/db/schema";
import type { NotificationKind, PayoutReasonCode } from "@/lib/schemas/enums";
import { notify } from "@/server/notifications";
import { postTransfer, systemAccountCode, transfer, userAccountCode, voidTransfer } from "@/server/ledger";
import { recordAudit } from "@/server/audit";
import { holdWhileBanned } from "@/server/people";

/**
 * The one payout state machine (docs/features/payouts.md):
 *
 *   pending ──approve──▶ approved ──submit──▶ active ──confirm──▶ confirmed ──reverse──▶ reversed
 *      │                                        │
 *      └──deny──▶ denied                        └──fail──▶ failed
 *
 * pending: requested, the amount held (a pending earnings → system:payouts transfer); approved: an
 * admin approved it (the 24-hour promise runs from here); active: sent to the bank, or its outcome is
 * unknown — a timeout after sending is never a failure, the payout stays active until the bank or an
 * inquiry says; confirmed: paid (the hold posts); denied / failed: the hold is voided (the money is
 * back in earnings) and the period's withdrawal is given back; reversed: the bank returned a paid
 * transfer (PAYA returns happen): the amount comes back to earnings.
 */
export { payoutEventNames, type PayoutEventName };

export const machine: Record<PayoutEventName, { from: PayoutStatus; to: PayoutStatus }> = {
  approve: { from: "pending", to: "approved" },
  deny: { from: "pending", to: "denied" },
  submit: { from: "approved", to: "active" },
  confirm: { from: "active", to: "confirmed" },
  fail: { from: "active", to: "failed" },
  reverse: { from: "confirmed", to: "reversed" },
};

/** What the booster is told of each move, in the move's transaction (sending to the bank is not news). */
const announcements: Partial<Record<PayoutEventName, NotificationKind>> = {
  approve: "payout_approved",
  deny: "payout_denied",
  confirm: "payout_confirmed",
  fail: "payout_failed",
  reverse: "payout_reversed",
};

/** Events that need a reason (shown to the booster) or the bank's reference. */
const needsReason: readonly PayoutEventName[] = ["deny", "fail", "reverse"];

export type PayoutEventInput = {
  payoutId: string;
  event: PayoutEventName;
  reason?: string | undefined;
  /** Why the bank did not pay, as a code the pages translate; reason is then the provider's detail (optional). */
  reasonCode?: PayoutReasonCode | undefined;
  bankReference?: string | undefined;
  rail?: string | undefined;
};

/** One withdrawal back to a period, or to the last upgrade that replaced it (memberships.replaces). */
async function giveWithdrawalBack(tx: Tx, membershipId: string): Promise<void> {
  await tx.execute(sql`
    with recursive chain(id) as (
      select ${membershipId}::uuid
      union all
      select ${memberships.id} from ${memberships} join chain on ${memberships.replaces} = chain.id
    )
    update ${memberships} set withdrawals_used = greatest(0, withdrawals_used - 1)
    where id in (select id from chain)
      and not exists (select 1 from ${memberships} as later where later.replaces = ${memberships}.id)`);
}

/**
 * Applies one event to a payout under its row lock, with its ledger effect and its history line, in
 * one transaction (the caller's when it has one). The same event again on a payout already moved by
 * it answers the payout as it is (a replay); any other move the machine does not allow is refused
 * with payout_transition_invalid — so a denial racing an approval settles once.
 */
export async function applyPayoutEvent(ctx: ActorCtx, input: PayoutEventInput): Promise<Payout> {
  return (await movePayout(ctx, input)).payout;
}

/** applyPayoutEvent, also saying whether this call made the move (false: a replay of a move already made). */
export async function movePayout(ctx: ActorCtx, input: PayoutEventInput): Promise<{ payout: Payout; moved: boolean }> {
  return withTransaction(
    ctx,
    async (ctx) => {
      const { tx } = ctx;
      const [payout] = await tx.select().from(payouts).where(eq(payouts.id, input.payoutId)).for("update");
      if (!payout) throw new AppError("payout_not_found");
      const step = machine[input.event];
      if (payout.status === step.to) return { payout, moved: false };
      if (payout.status !== step.from) throw new AppError("payout_transition_invalid");
      const reason = input.reason?.trim() || null;
      const reasonCode = input.reasonCode ?? null;
      if (needsReason.includes(input.event) && !reason && !reasonCode) throw new AppError("payout_reason_required", {}, { reason: null });
      const now = new Date();

      if (input.event === "confirm") await postTransfer(ctx, { transferId: payout.transferId });
      if (input.event === "deny" || input.event === "fail") {
        await voidTransfer(ctx, { transferId: payout.transferId });
        // The withdrawal comes back to the period it was taken from, or to the upgrade that carries it on.
        if (payout.membershipId) await giveWithdrawalBack(tx, payout.membershipId);
        // Back in earnings; while a ban is in force, with what the ban holds.
        await holdWhileBanned(ctx, {
          userId: payout.userId,
          kind: "earnings",
          amount: payout.amount,
          key: `payout:${payout.id}:${input.event}`,
        });
      }
      if (input.event === "reverse") {
        await transfer(ctx, {
          idempotencyKey: `payout-return:${payout.id}`,
          from: systemAccountCode("payouts"),
          to: userAccountCode(payout.userId, "earnings"),
          amount: payout.amount,
          intent: "refund",
          metadata: { payout_id: payout.id },
        });
        await holdWhileBanned(ctx, { userId: payout.userId, kind: "earnings", amount: payout.amount, key: `payout:${payout.id}:reverse` });
      }

      const [updated] = await tx
        .update(payouts)
        .set({
          status: step.to,
          updatedAt: now,
          ...(input.event === "approve" ? { approvedAt: now } : {}),
          ...(input.event === "submit" ? { submittedAt: now, rail: input.rail ?? "manual" } : {}),
          ...(input.event === "confirm" || input.event === "fail" || input.event === "deny" ? { settledAt: now } : {}),
          ...(input.bankReference ? { bankReference: input.bankReference } : {}),
          ...(reason || reasonCode ? { reason, reasonCode } : {}),
        })
        .where(eq(payouts.id, payout.id))
        .returning();
      await tx
        .insert(payoutEvents)
        .values({ payoutId: payout.id, status: step.to, actorId: ctx.actor?.id ?? null, note: reason, reasonCode });
      const announced = announcements[input.event];
      if (announced)
        await notify(ctx, {
          userId: payout.userId,
          kind: announced,
          dedupeKey: `payout:${payout.id}:${input.event}`,
          params: { amount: payout.amount, payout_id: payout.id, reason: reasonCode ? null : reason, reason_code: reasonCode },
        });
      await recordAudit(ctx, {
        actorId: ctx.actor?.id ?? null,
        action: `payout.${input.event}`,
        targetType: "payout",
        targetId: payout.id,
        details: {
          amount: payout.amount,
          ...(reason ? { reason } : {}),
          ...(reasonCode ? { reason_code: reasonCode } : {}),
          ...(input.bankReference ? { bank_reference: input.bankReference } : {}),
        },
        ip: ctx.ip ?? null,
      });
      return { payout: updated!, moved: true };
    },
    { retry: true },
  );
}
