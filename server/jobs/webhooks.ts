import type { JobDefinition } from "@/server/core/jobs";
import { announceUnits, drainWebhooks } from "@/server/integrations";

/**
 * Webhooks (issue 36): each minute the units delivered, dropped and refilled since the last minute are
 * queued (one delivery per event and campaign), then what is due is sent; a scheduled run keeps looking
 * every second until the next minute's run, so campaign events leave about a second after their commit.
 */
export const webhooksJob: JobDefinition = {
  name: "webhooks",
  cron: "* * * * *",
  async run({ db, now, signal, scheduled }) {
    const queued = await announceUnits({ db });
    const sent = await drainWebhooks({ db }, { now, signal, waitForDue: scheduled === true, budgetMs: scheduled ? 55_000 : 15_000 });
    return { queued, ...sent };
  },
};
