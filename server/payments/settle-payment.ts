import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { transactions, type Transaction } from "@/server/db/schema";
import { notify } from "@/server/notifications";
import { GatewayError, type GatewayId, type ProviderAmount, type VerifyResult } from "@/server/adapters/payments/types";
import { AppError } from "@/server/core/errors";
import { gatewayAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { withTransaction, type DbCtx } from "@/server/core/context";
import type { Gateways } from "@/server/payments/gateways";
import { mergeMetadata, stillPending } from "@/server/payments/transaction-updates";
import { settlementOf } from "@/server/payments/settlements";
import { holdWhileBanned } from "@/server/people";

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
    const failed = await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      const [row] = await tx
        .update(transactions)
        .set({ status: "failed", failureReason: result.reason.slice(0, 200), updatedAt: new Date() })
        .where(stillPending(transaction.id))
        .returning();
      if (row)
        await notify(ctx, {
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
    await notify(ctx, {
      userId: transaction.userId,
      kind: "payment_paid",
      dedupeKey: `transaction:${transaction.id}:paid`,
      params: { transaction_id: transaction.id, amount: transaction.amount, intent: transaction.intent },
    });
    // A paid feature may send the money elsewhere than the wallet (a campaign's escrow while it awaits
    // payment, read under its row lock): the handler of the intent says where (server/payments/settlements.ts).
    const handler = settlementOf(transaction.intent);
    const destination = handler?.destination ? await handler.destination(ctx, { transaction }) : null;
    const moved = await transfer(ctx, {
      idempotencyKey: `transaction:${transaction.id}`,
      from: gatewayAccountCode(transaction.gateway!),
      to: destination ?? userAccountCode(transaction.userId, "wallet"),
      amount: transaction.amount,
      intent: transaction.intent,
      metadata: {
        transaction_id: transaction.id,
        reference,
        ...(transaction.campaignId !== null && !destination ? { campaign_id: transaction.campaignId, credited: "wallet" } : {}),
      },
    });
    // Paid into the wallet of someone banned meanwhile: held with the rest (a plan is then not bought from it).
    if (!destination)
      await holdWhileBanned(ctx, {
        userId: transaction.userId,
        kind: "wallet",
        amount: transaction.amount,
        key: `transaction:${transaction.id}`,
      });
    const [linked] = await tx.update(transactions).set({ transferId: moved.id }).where(eq(transactions.id, transaction.id)).returning();
    const settled = handler?.settled ? await handler.settled(ctx, { transaction: linked!, toDestination: destination !== null }) : null;
    return settled ?? linked!;
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

async function reload(db: Db, id: string): Promise<Transaction> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
}
