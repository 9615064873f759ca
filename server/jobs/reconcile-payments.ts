import type { JobDefinition } from "@/server/core/jobs";
import type { Gateways } from "@/server/payments";
import { reconcilePayments } from "@/server/payments";

/**
 * Every 5 minutes: re-verify gateway payments still pending after 15 minutes, fail those the gateway
 * has not called paid within the hour. Idempotent per payment: one settled meanwhile (its callback
 * came) is left as it is, and a gateway that cannot be reached leaves its payment pending for the
 * next run (server/payments/settle-payment.ts). One run at a time across instances is the runner's
 * queue policy, which replaces the lease row this job used to take in app_secrets.
 */
export function reconcilePaymentsJob(gateways: Gateways): JobDefinition {
  return {
    name: "reconcile-payments",
    cron: "*/5 * * * *",
    run: ({ db }) => reconcilePayments({ db, gateways }),
  };
}
