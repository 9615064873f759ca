import { and, eq, isNotNull, lt } from "drizzle-orm";
import { transactions } from "@/server/db/schema";
import { FAIL_AFTER_MS, RECONCILE_AFTER_MS, type Gateways } from "@/server/payments/gateways";
import { settlePayment } from "@/server/payments/settle-payment";
import { executor, type DbCtx } from "@/server/core/context";

/**
 * Re-verifies gateway payments still pending after 15 minutes and fails those older than an hour
 * that the gateway does not call paid. One run at a time is the job runner's (server/jobs/reconcile-payments.ts); returns counts.
 */
export async function reconcilePayments(
  ctx: DbCtx & { now?: Date; gateways: Gateways },
): Promise<{ checked: number; paid: number; failed: number }> {
  const db = executor(ctx);
  const { gateways } = ctx;
  const now = (ctx.now ?? new Date()).getTime();
  const stale = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.status, "pending"),
        isNotNull(transactions.gateway),
        isNotNull(transactions.authority),
        lt(transactions.createdAt, new Date(now - RECONCILE_AFTER_MS)),
      ),
    )
    .limit(500);
  let paid = 0;
  let failed = 0;
  for (const transaction of stale) {
    const settled = await settlePayment({ db }, { gateways, transaction });
    if (settled.status === "paid") paid++;
    else if (settled.status === "pending" && transaction.createdAt.getTime() < now - FAIL_AFTER_MS) {
      const gaveUp = await db
        .update(transactions)
        .set({ status: "failed", failureReason: "expired", updatedAt: new Date() })
        .where(and(eq(transactions.id, transaction.id), eq(transactions.status, "pending")))
        .returning({ id: transactions.id });
      failed += gaveUp.length;
    } else if (settled.status === "failed") failed++;
  }
  return { checked: stale.length, paid, failed };
}
