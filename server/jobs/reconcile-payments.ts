import type { Database } from "@/server/db";
import type { Gateways } from "@/server/payments/gateways";
import { reconcileOnce } from "@/server/payments/reconcile";

export const RECONCILE_EVERY_MS = 5 * 60 * 1000;

/** Every 5 minutes (one instance at a time, by lease): re-verify stale pending payments. */
export function startReconcileJob(database: () => Promise<Pick<Database, "db">>, gateways: Gateways): () => void {
  const run = async () => {
    try {
      await reconcileOnce((await database()).db, gateways);
    } catch (error) {
      console.error("[payments] reconciliation failed", error instanceof Error ? error.message : error);
    }
  };
  const timer = setInterval(() => void run(), RECONCILE_EVERY_MS);
  timer.unref();
  setTimeout(() => void run(), 30_000).unref();
  return () => clearInterval(timer);
}
