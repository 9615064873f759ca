import { z } from "zod";
import { endpoint } from "./common";

/** GET stats, the landing page's figures: OpenAPI component PublicStats. */
export const publicStatsOutput = z.object({
  /** Campaigns that went live (active, paused, completed or settled). */
  campaigns_run: z.number().int(),
  /** Boosters' activities approved. */
  tasks_completed: z.number().int(),
  boosters_paid: z.number().int().meta({ description: "Boosters with at least one payout the bank confirmed" }),
  rials_paid_out: z
    .number()
    .int()
    .meta({ description: "Rials that reached boosters' banks: payouts the bank confirmed (not rewards still on hold)" }),
});
export type PublicStats = z.infer<typeof publicStatsOutput>;

/* ---- Endpoints: the route (server/stats) and the landing page (lib/api/stats.ts) read these ---- */

export const statsEndpoints = {
  public: endpoint({ method: "get", path: "/stats", response: publicStatsOutput }),
};
