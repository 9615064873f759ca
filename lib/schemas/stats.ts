import { z } from "zod";

/** GET stats, the landing page's figures: OpenAPI component PublicStats. */
export const publicStatsOutput = z.object({
  campaigns_run: z.number().int(),
  tasks_completed: z.number().int(),
  boosters_paid: z.number().int(),
  rials_paid_out: z.number().int().meta({ description: "Rials of rewards credited to boosters" }),
});
export type PublicStats = z.infer<typeof publicStatsOutput>;
