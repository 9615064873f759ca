import { and, desc, eq } from "drizzle-orm";
import type { DbCtx } from "@/server/core/context";
import { transactions, type Transaction, type TransactionStatus } from "@/server/db/schema";
import { paged } from "@/server/db/paged";

/** A user's transactions, newest first, optionally of one status. */
export async function listTransactions(
  ctx: DbCtx,
  filter: { userId: string; status?: TransactionStatus | undefined; page: number; perPage: number },
): Promise<{ rows: Transaction[]; total: number }> {
  const { db } = ctx;
  const { userId } = filter;
  const where = filter.status
    ? and(eq(transactions.userId, userId), eq(transactions.status, filter.status))
    : eq(transactions.userId, userId);
  return paged(db, { from: transactions, where, page: filter.page, perPage: filter.perPage }, (where) =>
    db.select().from(transactions).where(where).orderBy(desc(transactions.createdAt), desc(transactions.id)),
  );
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
