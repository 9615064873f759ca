import { eq, sql } from "drizzle-orm";
import type { Receipt } from "@/lib/schemas/wallet";
import { executor, type DbCtx } from "@/server/core/context";
import { campaigns, membershipPlans, memberships, payouts, transactions, users } from "@/server/db/schema";
import { statementLine, toLineOutput } from "@/server/payments/statement";

/** Whose line an id is: the owner of the person's account a transfer moved, or of a payment; null when none. */
export async function statementOwner(ctx: DbCtx, input: { id: string }): Promise<string | null> {
  const found = await executor(ctx).execute<{ user_id: string }>(sql`
    select a.user_id from ledger_transfers t join ledger_accounts a on a.id in (t.debit_account_id, t.credit_account_id)
    where t.id = ${input.id}::uuid and a.user_id is not null
    union all
    select c.user_id from transactions c where c.id = ${input.id}::uuid
    limit 1`);
  return found.rows[0]?.user_id ?? null;
}

/** A receipt: the line and what it concerns by name, for its owner (an admin reads anyone's). */
export async function receiptOf(ctx: DbCtx, input: { userId: string; id: string }): Promise<Receipt | null> {
  const line = await statementLine(ctx, input);
  if (!line) return null;
  const db = executor(ctx);
  const membershipId = line.subject === "membership" ? line.subject_id : null;
  const payoutId = line.subject === "payout" ? line.subject_id : null;
  const [owner, campaign, plan, payout, payment] = await Promise.all([
    db.select({ first: users.firstName, last: users.lastName, phone: users.phone }).from(users).where(eq(users.id, input.userId)),
    line.campaign_id ? db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.id, line.campaign_id)) : [],
    membershipId
      ? db
          .select({ names: membershipPlans.names })
          .from(memberships)
          .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
          .where(eq(memberships.id, membershipId))
      : [],
    payoutId ? db.select().from(payouts).where(eq(payouts.id, payoutId)) : [],
    line.transaction_id
      ? db.select({ reason: transactions.failureReason }).from(transactions).where(eq(transactions.id, line.transaction_id))
      : [],
  ]);
  const person = owner[0];
  const paid = payout[0];
  return {
    line: toLineOutput(line),
    owner: { name: `${person?.first ?? ""} ${person?.last ?? ""}`.trim(), phone: person?.phone ?? null },
    campaign_name: campaign[0]?.name ?? null,
    plan_name: plan[0]?.names ?? null,
    payout: paid
      ? {
          iban: paid.iban,
          bank_name: paid.bankName,
          status: paid.status,
          paid_at: paid.status === "confirmed" ? (paid.settledAt ?? paid.updatedAt).toISOString() : null,
        }
      : null,
    failure_reason: payment[0]?.reason ?? null,
  };
}
