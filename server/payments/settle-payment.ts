import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { campaigns, transactions, type Transaction } from "@/server/db/schema";
import { notify } from "@/server/notifications/notify";
import { applyCampaignEvent } from "@/server/campaigns/transitions";
import { GatewayError, type GatewayId, type ProviderAmount, type VerifyResult } from "@/server/adapters/payments/types";
import { AppError } from "@/server/core/errors";
import { campaignEscrowCode, gatewayAccountCode, transfer, userAccountCode, type LedgerTx } from "@/server/ledger";
import { withTransaction, type DbCtx } from "@/server/core/context";
import type { Gateways } from "@/server/payments/gateways";
import { mergeMetadata, stillPending } from "@/server/payments/transaction-updates";
import { buyMembershipIn } from "@/server/payouts/memberships";
import { holdWhileBanned } from "@/server/people/ban";
import { membershipPurchaseKinds, type MembershipPurchaseKind } from "@/lib/schemas/payouts";

const isPurchaseKind = (value: string): value is MembershipPurchaseKind => (membershipPurchaseKinds as readonly string[]).includes(value);

/** The transaction a callback is about: by the provider's id when it names one, else by our `tx`, always of this gateway. */
export async function findCallbackTransaction(
  ctx: DbCtx,
  input: { gateways: Gateways; gatewayId: string; query: URLSearchParams },
): Promise<Transaction> {
  const { db } = ctx;
  const { gateways, gatewayId, query } = input;
  const gateway = gateways.get(gatewayId as GatewayId);
  if (!gateway) throw new AppError("payment_not_found");
  const authority = gateway.authorityFromCallback(query);
  const ours = query.get("tx");
  const [row] = authority
    ? await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.gateway, gateway.id), eq(transactions.authority, authority)))
    : ours && /^[0-9a-f-]{36}$/i.test(ours)
      ? await db
          .select()
          .from(transactions)
          .where(and(eq(transactions.gateway, gateway.id), eq(transactions.id, ours)))
      : [];
  // A payment we never issued is refused here, before anything is asked of the gateway.
  if (!row || !row.authority) throw new AppError("payment_not_found");
  if (authority && ours && ours !== row.id) throw new AppError("payment_not_found");
  return row;
}

/**
 * Asks the gateway about a pending payment and settles it exactly once: paid credits the wallet in
 * the same database transaction that marks it paid (the ledger's idempotency key is the
 * transaction's id, so a replay, a race or a crash between the two can never credit twice).
 */
export async function settlePayment(
  ctx: DbCtx,
  input: { gateways: Gateways; transaction: Transaction; query?: URLSearchParams },
): Promise<Transaction> {
  const { db } = ctx;
  const { gateways, transaction } = input;
  let query = input.query ?? new URLSearchParams();
  if (transaction.status !== "pending") return transaction;
  const gateway = gateways.get(transaction.gateway as GatewayId);
  if (!gateway || !transaction.authority) return transaction;
  query = await rememberCallback(db, transaction, query);
  let result: VerifyResult;
  try {
    const providerAmount = (transaction.metadata as { provider_amount?: ProviderAmount }).provider_amount;
    result = await gateway.verify({
      authority: transaction.authority,
      amount: transaction.amount,
      callback: query,
      ...(providerAmount ? { providerAmount } : {}),
    });
  } catch (error) {
    // Unreachable now: the transaction stays pending and reconciliation asks again later.
    console.error(
      `[payments] ${gateway.id} verify failed for ${transaction.id}: ${error instanceof GatewayError ? error.reason : "error"}`,
    );
    return transaction;
  }
  if (result.status === "pending") return transaction;
  if (result.status === "failed") {
    const failed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(transactions)
        .set({ status: "failed", failureReason: result.reason.slice(0, 200), updatedAt: new Date() })
        .where(stillPending(transaction.id))
        .returning();
      if (row)
        await notify(tx, {
          userId: row.userId,
          kind: "payment_failed",
          dedupeKey: `transaction:${row.id}:failed`,
          params: { transaction_id: row.id, amount: row.amount, intent: row.intent },
        });
      return row;
    });
    return failed ?? (await reload(db, transaction.id));
  }
  return creditPaid(db, transaction, result.reference ?? transaction.reference ?? null);
}

async function creditPaid(db: Db, transaction: Transaction, reference: string | null): Promise<Transaction> {
  return withTransaction({ db }, async (ctx) => {
    const { tx } = ctx;
    const [claimed] = await tx
      .update(transactions)
      .set({ status: "paid", reference, approvedAt: new Date(), updatedAt: new Date() })
      .where(stillPending(transaction.id))
      .returning();
    if (!claimed) {
      const [current] = await tx.select().from(transactions).where(eq(transactions.id, transaction.id));
      return current!;
    }
    await notify(tx, {
      userId: transaction.userId,
      kind: "payment_paid",
      dedupeKey: `transaction:${transaction.id}:paid`,
      params: { transaction_id: transaction.id, amount: transaction.amount, intent: transaction.intent },
    });
    // A campaign paid by gateway: the money goes to its escrow and the campaign on to review — if it
    // still awaits payment (read under its row lock, the lock a payment from the wallet takes). Paid
    // meanwhile by other means, the campaign keeps its status and the money goes to the wallet.
    const toCampaign =
      transaction.intent === "campaign_creation" && transaction.campaignId !== null && (await awaitsPayment(tx, transaction.campaignId));
    const moved = await transfer(ctx, {
      idempotencyKey: `transaction:${transaction.id}`,
      from: gatewayAccountCode(transaction.gateway!),
      to: toCampaign ? campaignEscrowCode(transaction.campaignId!) : userAccountCode(transaction.userId, "wallet"),
      amount: transaction.amount,
      intent: transaction.intent,
      metadata: {
        transaction_id: transaction.id,
        reference,
        ...(transaction.campaignId !== null && !toCampaign ? { campaign_id: transaction.campaignId, credited: "wallet" } : {}),
      },
    });
    // Through the state machine (pay: awaiting_payment → awaiting_review), in this same transaction.
    if (toCampaign) await applyCampaignEvent(ctx, { campaignId: transaction.campaignId!, event: "pay" });
    // Paid into the wallet of someone banned meanwhile: held with the rest (a plan is then not bought from it).
    else
      await holdWhileBanned(tx, {
        userId: transaction.userId,
        kind: "wallet",
        amount: transaction.amount,
        key: `transaction:${transaction.id}`,
      });
    const [linked] = await tx.update(transactions).set({ transferId: moved.id }).where(eq(transactions.id, transaction.id)).returning();
    if (transaction.intent === "membership_payment") return (await buyPaidMembership(tx, linked!)) ?? linked!;
    return linked!;
  });
}

/**
 * The provider's callback parameters are kept on the transaction (a crypto payment's id arrives only
 * there), so reconciliation can ask about it later with the same hints. They stay hints: amounts
 * and statuses are always the gateway's answer, never the query's.
 */
async function rememberCallback(db: Db, transaction: Transaction, query: URLSearchParams): Promise<URLSearchParams> {
  const kept = new URLSearchParams(query);
  kept.delete("tx");
  const stored = (transaction.metadata as { callback?: string }).callback;
  if ([...kept.keys()].length === 0) return new URLSearchParams(stored ?? "");
  const text = kept.toString().slice(0, 1000);
  if (text !== stored) {
    // Merged in SQL, never written back from our copy: the sandbox bank's decision (or anything else kept in
    // the metadata) may have been written since we read the row.
    await db
      .update(transactions)
      .set({ metadata: mergeMetadata({ callback: text }), updatedAt: new Date() })
      .where(stillPending(transaction.id));
  }
  return kept;
}

/**
 * A plan paid by gateway (intent membership_payment): the money went to the wallet, and the plan is bought from
 * it in a savepoint of the same transaction. When buying is refused (the plan went off sale, a next period was paid
 * meanwhile, the price grew), the money stays in the wallet and the transaction says why.
 */
async function buyPaidMembership(tx: LedgerTx, transaction: Transaction): Promise<Transaction | null> {
  const { plan_id: planId, membership_kind: kind } = transaction.metadata as { plan_id?: unknown; membership_kind?: unknown };
  if (typeof planId !== "string") return null;
  // Bought as the kind the person was shown at checkout (another tab may have bought a plan meanwhile).
  const expect = typeof kind === "string" && isPurchaseKind(kind) ? { kind } : undefined;
  let note: Record<string, unknown>;
  try {
    const bought = await tx.transaction((savepoint) =>
      buyMembershipIn(savepoint, { buyerId: transaction.userId, ip: null, planId, payFrom: "wallet", expect }),
    );
    note = { membership_id: bought.membership.id, membership_kind: bought.kind };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    note = { membership_not_bought: error.code };
  }
  const [noted] = await tx
    .update(transactions)
    .set({ metadata: mergeMetadata(note) })
    .where(eq(transactions.id, transaction.id))
    .returning();
  return noted ?? null;
}

/** Whether the campaign still awaits its payment; locks its row until the caller's transaction ends. */
async function awaitsPayment(tx: LedgerTx, campaignId: string): Promise<boolean> {
  const [campaign] = await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
  return campaign?.status === "awaiting_payment";
}

async function reload(db: Db, id: string): Promise<Transaction> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
}
