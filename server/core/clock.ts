import { env } from "@/server/core/env";

/**
 * The jobs' clock. On a real installation it is the system's time. With TEST_CLOCK=true (end-to-end
 * tests, never an installation with real users) an admin can move it forward — POST /api/test-clock/run
 * (server/system/test-clock-routes.ts) — so a test sees what happens after a retention period without
 * sleeping. Only the jobs read it: requests, sessions and one-time codes keep the system's time.
 * The offset is kept on globalThis because Next.js loads this module in more than one bundle.
 */
const offsetKey = Symbol.for("takapoo.clock.offset");
const holder = globalThis as { [offsetKey]?: number };

export function jobsNow(): Date {
  return new Date(Date.now() + (env.TEST_CLOCK ? (holder[offsetKey] ?? 0) : 0));
}

/** Moves the test clock forward (never back: what a job decided stays decided). Returns the new time. */
export function advanceTestClock(seconds: number): Date {
  if (!env.TEST_CLOCK) throw new Error("TEST_CLOCK is off");
  holder[offsetKey] = (holder[offsetKey] ?? 0) + Math.max(0, seconds) * 1000;
  return jobsNow();
}
