import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { transactions } from "@/server/db/schema";
import type { Ctx, DbCtx } from "@/server/core/context";
import { FAIL_AFTER_MS, RECONCILE_AFTER_MS, type Gateways } from "@/server/payments/gateways";
import { settlePayment } from "@/server/payments/settle-payment";

/** How long one instance holds the job before another may take it. */
const LEASE_MS = 4 * 60 * 1000;

/**
 * Re-verifies gateway payments still pending after 15 minutes and fails those older than an hour
 * that the gateway does not call paid. One instance at a time (advisory lock); returns counts.
 */
export async function reconcilePayments(
  ctx: DbCtx & Partial<Pick<Ctx, "now">>,
  input: { gateways: Gateways },
): Promise<{ checked: number; paid: number; failed: number }> {
  const { db } = ctx;
  const { gateways } = input;
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

/**
 * Takes the reconciliation lease (a row in app_secrets holding its expiry) when it is free, so that
 * one app instance at a time runs the job. A lease rather than an advisory lock: a pool may hand
 * the lock and the unlock to different connections.
 */
async function takeLease(db: Db, now: number): Promise<boolean> {
  const until = new Date(now + LEASE_MS).toISOString();
  const result = await db.execute(sql`
    insert into app_secrets (name, value) values ('payments_reconcile_lease', ${until})
    on conflict (name) do update set value = excluded.value where app_secrets.value < ${new Date(now).toISOString()}
    returning name`);
  return (result.rows as unknown[]).length > 0;
}

/** One run of the job, if this instance holds the lease. */
export async function reconcileOnce(db: Db, gateways: Gateways, now = Date.now()): Promise<void> {
  if (!(await takeLease(db, now))) return;
  const result = await reconcilePayments({ db, now: new Date(now) }, { gateways });
  if (result.checked > 0) console.info(`[payments] reconciled ${result.checked}: ${result.paid} paid, ${result.failed} failed`);
}
