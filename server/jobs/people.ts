import type { JobDefinition } from "@/server/core/jobs";
import { liftExpiredBans } from "@/server/people";
import { systemCtx } from "@/server/core/context";

/** Bans past their expiry are lifted and what they held given back (every minute). */
export const endBansJob: JobDefinition = {
  name: "end-bans",
  cron: "* * * * *",
  run: async ({ db, now }) => ({ lifted: await liftExpiredBans(systemCtx(db, now())) }),
};
