import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { executor, type DbCtx } from "@/server/core/context";
import { transactions, type Transaction, type TransactionStatus } from "@/server/db/schema";
import type { Paged } from "@/server/db/paged";
import { preparedOnce } from "@/server/db/prepared";
import type { Db } from "@/server/db";
import {
  CALLER_PAGE_COLUMNS,
  CALLER_PAGE_STATUS_COLUMNS,
  callerLimit,
  callerOffset,
  callerOwns,
  callerPages,
  openCallers,
  type AccessClaims,
} from "@/server/auth";

/**
 * The transaction list for the callers of one turn, one statement (`byStatus`: of the status k.status):
 * per caller with an open session (server/auth openCallers) the list's total and the page (lateral,
 * newest first by transactions_user_idx), or one row without a transaction past the last page.
 */
function listStatement(db: Db, byStatus: boolean, name: string) {
  const owns = callerOwns(transactions.userId, byStatus ? transactions.status : undefined);
  const page = db
    .select()
    .from(transactions)
    .where(owns)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(callerLimit)
    .offset(callerOffset)
    .as("transactions");
  const total = db
    .select({ n: count().as("n") })
    .from(transactions)
    .where(owns)
    .as("total");
  const callers = openCallers(db, byStatus ? CALLER_PAGE_STATUS_COLUMNS : CALLER_PAGE_COLUMNS);
  return (
    db
      .select({ at: sql<number>`k.at`.mapWith(Number), total: total.n, row: transactions })
      .from(callers.from)
      .innerJoinLateral(callers.open, sql`true`)
      .innerJoinLateral(total, sql`true`)
      // Named as the table, so the outer select reads its columns as the table's (drizzle maps them fastest).
      .leftJoinLateral(page, sql`true`)
      .orderBy(asc(sql`k.at`), desc(transactions.createdAt), desc(transactions.id))
      .prepare(name)
  );
}
const allPages = callerPages(preparedOnce((db) => listStatement(db, false, "transactions_list_all")));
const statusPages = callerPages(preparedOnce((db) => listStatement(db, true, "transactions_list_status")));

/**
 * The caller's transactions, newest first, optionally of one status, with the list's total; null when
 * the caller's session is not open. The callers of one turn share one statement.
 */
export function listTransactions(
  ctx: DbCtx,
  input: { caller: AccessClaims; filter: { status?: TransactionStatus | undefined; page: number; perPage: number } },
): Promise<Paged<Transaction> | null> {
  const { caller, filter } = input;
  const call = { caller, status: filter.status, limit: filter.perPage, offset: (filter.page - 1) * filter.perPage };
  return (filter.status ? statusPages : allPages)(executor(ctx), call);
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
