import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type UserCtx, executor, withTransaction } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { payoutEvents, payouts, type Payout, type PayoutEvent } from "@/server/db/schema";
import { systemAccountCode, transfer, transferSteps, userAccountCode, withRetry } from "@/server/ledger";
import { auditStep, recordAudit } from "@/server/audit";
import { runStatement } from "@/server/db/statement";
import { rowFromJson } from "@/server/db/row-mapper";
import { membershipOf } from "@/server/payouts/memberships";
import { slotLocked, slotTaken, takeSlot } from "@/server/payouts/membership-slots";
import { withdrawalsEnabled, withdrawalsEnabledSql } from "@/server/payouts/settings";
import { ensureIbanOwner, ibanCheckDue } from "@/server/payouts/iban-owner";
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
  const checker = input.ibanOwner ?? null;
  // The usual request (verified, an IBAN of theirs, settled) in one statement, the switch read inside it.
  const settled = user.identityStatus === "identity_verified" && !ibanPayoutsFrom(user, now) && !ibanCheckDue(checker, user);
  if (settled && user.iban && user.ibanCheck !== "mismatch") {
    const made = await requestInOneStatement(ctx, { amount: input.amount, iban: user.iban, now });
    if (made === "withdrawals_disabled") throw new AppError("withdrawals_disabled");
    if (made) return made;
  }
  // Refused or not possible in one statement: the checks in their order, then the transaction, say why or do it.
  if (!(await withdrawalsEnabled(ctx))) throw new AppError("withdrawals_disabled");
  if (user.identityStatus !== "identity_verified") throw new AppError("identity_not_verified", { about: "withdrawal" });
  if (!user.iban) throw new AppError("iban_missing");
  const until = ibanPayoutsFrom(user, now);
  if (until) throw new AppError("iban_recently_changed", { until: until.getTime() });
  const iban = user.iban;
  await ensureIbanOwner(ctx, { checker, user: { ...user, iban } });
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
        hold = await transfer(ctx, { ...holdOf(user.id, id, input.amount), freshKey: true });
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

/** A payout's hold: pending earnings → system:payouts, keyed by the payout's id. */
function holdOf(userId: string, payoutId: string, amount: number) {
  return {
    idempotencyKey: payoutTransferKey(payoutId),
    from: userAccountCode(userId, "earnings"),
    to: systemAccountCode("payouts"),
    amount,
    intent: "payout",
    pending: true,
    metadata: { payout_id: payoutId },
  };
}

type OneStatement = { enabled: boolean; payout: Record<string, unknown> | null; event: Record<string, unknown> | null };

/**
 * The usual request — withdrawals switched on, a withdrawal left, the earnings there — in one statement,
 * atomic without BEGIN and COMMIT (it was eight: the switch, begin, the slot, the hold, the payout, its
 * event, the audit row, commit; tests/bench/payouts.mjs): read the switch, lock the period's row if it
 * has a withdrawal left, hold the amount (the ledger's own steps), then only if the hold was made count
 * the withdrawal and write the payout, its first event and the audit row. Anything else —
 * none left, no money, an upgrade that closed the period meanwhile, an account not created yet — writes
 * nothing and answers null, and the transaction says why (the same checks, the same order).
 */
async function requestInOneStatement(
  ctx: UserCtx,
  input: { amount: number; iban: string; now: Date },
): Promise<{ payout: Payout; history: PayoutEvent[] } | "withdrawals_disabled" | null> {
  const user = ctx.actor;
  const id = randomUUID();
  const made = sql`exists (select 1 from ins)`;
  const statement = sql`
    with recursive switched_on as (select ${withdrawalsEnabledSql} as enabled),
    ${slotLocked({ userId: user.id, what: "withdrawals", now: input.now })},
    ${transferSteps(holdOf(user.id, id, input.amount), sql`(select enabled from switched_on) and exists (select 1 from slot)`)},
    ${slotTaken("withdrawals", made)},
    payout as (
      insert into payouts (id, user_id, amount, iban, bank_name, membership_id, transfer_id)
      select ${id}::uuid, ${user.id}::uuid, ${input.amount}::bigint, ${input.iban}::text, ${user.bankName}::text, (select id from slot), ins.id
      from ins
      returning *
    ), event as (
      insert into payout_events (payout_id, status) select id, 'pending' from payout returning *
    ), audit as (
      ${auditStep({ actorId: user.id, action: "payout.requested", targetType: "payout", targetId: id, details: { amount: input.amount }, ip: ctx.ip ?? null }, made)}
    )
    select (select enabled from switched_on) as enabled, (select row_to_json(payout) from payout) as payout,
      (select row_to_json(event) from event) as event`;
  const q = executor(ctx);
  const [row] = (ctx.tx ? await runStatement(q, statement) : await withRetry(() => runStatement(q, statement))) as OneStatement[];
  if (row && !row.enabled) return "withdrawals_disabled";
  if (!row?.payout || !row.event) return null;
  return { payout: rowFromJson(payouts, row.payout), history: [rowFromJson(payoutEvents, row.event)] };
}
