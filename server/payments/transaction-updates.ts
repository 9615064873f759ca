import { and, eq, sql, type SQL } from "drizzle-orm";
import { transactions } from "@/server/db/schema";

/**
 * How a payment row is changed without losing what others wrote meanwhile. A callback, the sandbox
 * bank's decision, reconciliation and the request that started the payment may all touch one row at
 * once, so nothing writes back a copy it read earlier:
 *
 * - metadata is merged in SQL (`metadata || patch`), never replaced by an object built from a read;
 * - a change of status names the status it leaves (`status = 'pending'`), so only one writer moves it.
 */
export function mergeMetadata(patch: Record<string, unknown>): SQL {
  return sql`${transactions.metadata} || ${JSON.stringify(patch)}::jsonb`;
}

/** The row `id` while it is still pending: the condition of every update that settles or annotates a payment. */
export function stillPending(id: string): SQL {
  return and(eq(transactions.id, id), eq(transactions.status, "pending"))!;
}
