import { z } from "zod";
import { endpoint, text } from "./common";

/** GET health: the app and its database answer. */
export const healthOutput = z.object({ status: z.literal("ok"), database: z.literal("ok") });
/** GET ip/info: ISO 3166-1 alpha-2, or null when unknown. */
export const ipInfoOutput = z.object({ country_code: z.string().length(2).nullable().meta({ example: "IR" }) });
/** GET build: the deployed build's id. */
export const buildOutput = z.object({ build_id: z.string().nullable() });

/** POST test-clock/run (TEST_CLOCK=true only): run one job once, as of advance_seconds from now. */
export const testClockRunInput = z.strictObject({
  job: text().min(1).max(64),
  advance_seconds: z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400)
    .default(0),
});
/** What the run decided (the job's counts) and the time it ran as of. */
export const testClockRunOutput = z.object({ now: z.string(), output: z.record(z.string(), z.number()) });

/* ---- Endpoints: the routes (server/system) and the browser (lib/api/system.ts, the error-reporting check) read these ---- */

export const systemEndpoints = {
  health: endpoint({ method: "get", path: "/health", response: healthOutput }),
  ipInfo: endpoint({ method: "get", path: "/ip/info", response: ipInfoOutput }),
  build: endpoint({ method: "get", path: "/build", response: buildOutput }),
  /** The Sentry tunnel: the SDK posts its envelopes (text, not JSON) here. */
  monitoring: endpoint({ method: "post", path: "/monitoring", status: 200 }),
  /** Throws on purpose: it answers 500, never a success. */
  sentryExample: endpoint({ method: "get", path: "/sentry-example-api" }),
  testClockRun: endpoint({ method: "post", path: "/test-clock/run", body: testClockRunInput, response: testClockRunOutput }),
};
