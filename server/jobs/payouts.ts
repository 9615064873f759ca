import type { JobDefinition } from "@/server/core/jobs";
import type { PayoutRail } from "@/server/adapters/payout-rails/types";
import type { SmsSender } from "@/server/adapters/sms";
import { reconcileRailDays, reconcileSentPayouts, sendApprovedPayouts } from "@/server/payouts";
import { sendPayoutNotices } from "@/server/payouts";
import { expireMemberships } from "@/server/payouts";
import { systemCtx } from "@/server/core/context";

/**
 * The payout jobs. With an API rail (PAYOUT_RAIL=jibit): every minute approved payouts are sent (the
 * 24-hour promise runs from approval, so they do not wait for a person); every five minutes each sent
 * payout whose outcome is unknown is asked about; once a day (05:00 Tehran) the provider's record of the
 * last three days is matched against ours, returns included. Always: the boosters' SMS notices, and
 * every ten minutes the memberships whose period has ended are closed.
 */
export function payoutJobs(rail: PayoutRail | null, sms: SmsSender): JobDefinition[] {
  const notices: JobDefinition = {
    name: "payout-notices",
    cron: "* * * * *",
    run: ({ db }) => sendPayoutNotices({ db }, { sms }),
  };
  const expiry: JobDefinition = {
    name: "expire-memberships",
    cron: "*/10 * * * *",
    run: ({ db, now }) => expireMemberships({ db, now: now() }),
  };
  if (!rail) return [notices, expiry];
  return [
    notices,
    expiry,
    {
      name: "send-payouts",
      cron: "* * * * *",
      expireInSeconds: 900,
      run: async ({ db }) => sendApprovedPayouts({ db, actor: null }, { rail }),
    },
    {
      name: "reconcile-payouts",
      cron: "*/5 * * * *",
      expireInSeconds: 900,
      run: ({ db, now }) => reconcileSentPayouts({ db, actor: null, now: now() }, { rail }),
    },
    {
      name: "reconcile-payout-days",
      cron: "30 1 * * *",
      expireInSeconds: 3_600,
      run: ({ db, now }) => reconcileRailDays(systemCtx(db, now()), { rail }),
    },
  ];
}
