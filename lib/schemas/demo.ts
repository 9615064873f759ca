import { z } from "zod";
import { dateTime, endpoint } from "./common";

/** POST admin/demo-clock: move the demo's clock a day or a week forward. */
export const demoClockAdvanceInput = z.strictObject({
  days: z.union([z.literal(1), z.literal(7)], "invalid_value").meta({ description: "1 (a day) or 7 (a week)" }),
});

/** The demo's clock: how far ahead of today the jobs run, and that moment. */
export const demoClockOutput = z.object({
  days_ahead: z.number().int(),
  now: dateTime().meta({ description: "The jobs' time: today plus days_ahead" }),
  ran: z
    .array(z.object({ job: z.string(), output: z.record(z.string(), z.number()) }))
    .meta({ description: "What each job did when the clock moved (empty when only read)" }),
});
export type DemoClock = z.infer<typeof demoClockOutput>;

/* ---- Endpoints: the routes (server/demo) and the back office (lib/api/admin-demo.ts) read these ---- */

export const demoEndpoints = {
  clock: endpoint({ method: "get", path: "/admin/demo-clock", response: demoClockOutput }),
  advance: endpoint({ method: "post", path: "/admin/demo-clock", body: demoClockAdvanceInput, response: demoClockOutput }),
};
