import { and, count, desc, eq, getTableColumns } from "drizzle-orm";
import type { DbCtx } from "@/server/core/context";
import { transactions, type Transaction, type TransactionStatus } from "@/server/db/schema";
import type { Paged } from "@/server/db/paged";
import { callerLimit, callerList, callerOffset, callerOwns, callerPageQuery, type AccessClaims } from "@/server/auth";

/**
 * The transaction list for the callers of one turn, one statement (`byStatus`: of the status k.status):
 * the list's count and the page newest first by transactions_user_idx (callerPageQuery).
 */
const listTransactionsOf = callerList((db, byStatus) => {
  const owns = callerOwns(transactions.userId, byStatus ? transactions.status : undefined);
  const order = [desc(transactions.createdAt), desc(transactions.id)];
  const page = db
    .select()
    .from(transactions)
    .where(owns)
    .orderBy(...order)
    .limit(callerLimit)
    .offset(callerOffset)
    .as("transactions");
  const total = db
    .select({ n: count().as("n") })
    .from(transactions)
    .where(owns)
    .as("total");
  return callerPageQuery(db, byStatus, { total, page, row: getTableColumns(transactions), order }).prepare(
    byStatus ? "transactions_list_status" : "transactions_list_all",
  );
});

/**
 * The caller's transactions, newest first, optionally of one status, with the list's total; null when
 * the caller's session is not open. The callers of one turn share one statement.
 */
export function listTransactions(
  ctx: DbCtx,
  input: { caller: AccessClaims; filter: { status?: TransactionStatus | undefined; page: number; perPage: number } },
): Promise<Paged<Transaction> | null> {
  return listTransactionsOf(ctx, input.caller, input.filter);
}

/** One of the user's own transactions; null for anyone else's. */
export async function findOwnTransaction(ctx: DbCtx, input: { userId: string; id: string }): Promise<Transaction | null> {
  const { db } = ctx;
  const { userId, id } = input;
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId)));
  return row ?? null;
}
