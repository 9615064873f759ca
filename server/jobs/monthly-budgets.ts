import type { JobDefinition } from "@/server/core/jobs";
import { renewMonthlyBudgets } from "@/server/campaigns";

/**
 * Every hour: Smart campaigns run month by month are charged their monthly budget from the owner's wallet
 * once the Tehran month has turned (server/campaigns/monthly.ts); a short wallet pauses one with a
 * notification, and the next runs try again. Each campaign is charged at most once a month.
 */
export const monthlyBudgetsJob: JobDefinition = {
  name: "monthly-budgets",
  cron: "7 * * * *",
  async run({ db, now }) {
    return renewMonthlyBudgets({ db }, { now: now() });
  },
};
