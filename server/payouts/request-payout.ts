import { randomUUID } from "node:crypto";
import { type UserCtx, withTransaction } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { payoutEvents, payouts, type Payout, type PayoutEvent } from "@/server/db/schema";
import { systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { recordAudit } from "@/server/audit";
import { membershipOf } from "@/server/payouts/memberships";
import { takeSlot } from "@/server/payouts/membership-slots";
import { withdrawalsEnabled } from "@/server/payouts/settings";
import { ensureIbanOwner } from "@/server/payouts/iban-owner";
import { ibanPayoutsFrom } from "@/server/auth";
import type { IbanOwnerCheck } from "@/server/adapters/payout-rails/types";

/** The ledger key of a payout's hold: one per payout, ever. */
export const payoutTransferKey = (payoutId: string) => `payout:${payoutId}`;

/**
 * POST payouts: a withdrawal of earnings (never of charged wallet money) to the IBAN on the profile.
 * Refused, each with its reason: withdrawals switched off, identity not verified, no IBAN, an IBAN
 * changed less than 48 hours ago (until when), an IBAN not owned by the user (iban-owner.ts), no membership in force, its withdrawals used up, not
 * enough earnings. One transaction takes the period's withdrawal (a conditional UPDATE: parallel
 * requests can never pass the plan's limit) and holds the amount as a pending earnings →
 * system:payouts transfer (the ledger never overdraws); a refusal of either undoes both.
 */
export async function requestPayout(
  ctx: UserCtx,
  input: { amount: number; now?: Date; ibanOwner?: IbanOwnerCheck | null },
): Promise<{ payout: Payout; history: PayoutEvent[] }> {
  const user = ctx.actor;
  const now = input.now ?? new Date();
  if (!(await withdrawalsEnabled(ctx))) throw new AppError("withdrawals_disabled");
  if (user.identityStatus !== "identity_verified") throw new AppError("identity_not_verified", { about: "withdrawal" });
  if (!user.iban) throw new AppError("iban_missing");
  const until = ibanPayoutsFrom(user, now);
  if (until) throw new AppError("iban_recently_changed", { until: until.getTime() });
  const iban = user.iban;
  await ensureIbanOwner(ctx, { checker: input.ibanOwner ?? null, user: { ...user, iban } });
  return withTransaction(
    ctx,
    async (ctx) => {
      const { tx } = ctx;
      const slot = await takeSlot({ ...ctx, tx: tx, now }, { userId: user.id, what: "withdrawals" });
      if (!slot) {
        const state = await membershipOf({ ...ctx, tx: tx, now }, { userId: user.id });
        throw new AppError(state.current ? "ERR_MAX_WITHDRAWALS_REACHED" : "ERR_NO_ACTIVE_MEMBERSHIP", { about: "withdrawal" });
      }
      const id = randomUUID();
      let hold;
      try {
        hold = await transfer(ctx, {
          idempotencyKey: payoutTransferKey(id),
          freshKey: true,
          from: userAccountCode(user.id, "earnings"),
          to: systemAccountCode("payouts"),
          amount: input.amount,
          intent: "payout",
          pending: true,
          metadata: { payout_id: id },
        });
      } catch (error) {
        if (error instanceof AppError && error.code === "insufficient_funds") throw new AppError("ERR_INSUFFICIENT_BALANCE");
        throw error;
      }
      const [payout] = await tx
        .insert(payouts)
        .values({ id, userId: user.id, amount: input.amount, iban, bankName: user.bankName, membershipId: slot, transferId: hold.id })
        .returning();
      const [event] = await tx.insert(payoutEvents).values({ payoutId: id, status: "pending" }).returning();
      await recordAudit(ctx, {
        actorId: user.id,
        action: "payout.requested",
        targetType: "payout",
        targetId: id,
        details: { amount: input.amount },
        ip: ctx.ip ?? null,
      });
      return { payout: payout!, history: [event!] };
    },
    { retry: true },
  );
}
