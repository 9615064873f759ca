import { describe, expect } from "vitest";
import type { Database } from "@/server/db/client";
import { apiTest as it } from "@/tests/api/support/fixture";
import { startJobRunner, type JobDefinition, type JobRunner } from "@/server/core/jobs";
import { jobHistory } from "@/server/core/jobs-history";

/** Polls until check() is true (the runner works on its own timers). */
async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting for the job runner");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The job runner (server/core/jobs.ts, pg-boss) against the file's database: PGlite in-process
 * (job-runner.test.ts) and PostgreSQL (job-runner.pg.test.ts, when TEST_DATABASE_URL is set).
 */
export function describeJobRunner(backend: string) {
  describe(`the job runner on ${backend}`, { timeout: 60_000 }, () => {
    const runners: JobRunner[] = [];
    // Names of their own per run: a PostgreSQL test database keeps pg-boss's tables between runs.
    const prefix = `test-${Date.now().toString(36)}`;
    const start = async (database: Database, jobs: JobDefinition[]) => {
      const runner = await startJobRunner(database, jobs, { pollingSeconds: 0.5, cronSeconds: 1 });
      runners.push(runner);
      return runner;
    };

    // Stopped before the file's database closes (its fixture's cleanup comes after the file's hooks).
    it.afterAll(async () => {
      await Promise.all(runners.map((runner) => runner.stop()));
    });

    it("runs a job on its schedule and keeps what it returned in the history", async ({ database }) => {
      let runs = 0;
      const name = `${prefix}-scheduled`;
      // Every minute: the minute under way is due at once.
      await start(database, [{ name, cron: "* * * * *", run: async () => ({ runs: ++runs }) }]);
      await waitFor(async () => (await jobHistory(database.db, { name }))[0]?.state === "completed");
      const [run] = await jobHistory(database.db, { name });
      expect(run).toMatchObject({ name, state: "completed", attempts: 1, output: { runs: 1 } });
      expect(run!.startedAt!.getTime()).toBeLessThanOrEqual(run!.finishedAt!.getTime());
    });

    it("retries a failed run with backoff, and records a run that keeps failing as failed with its error", async ({ database }) => {
      let attempts = 0;
      const flaky = `${prefix}-flaky`;
      const broken = `${prefix}-broken`;
      const runner = await start(database, [
        {
          name: flaky,
          cron: "0 0 1 1 *",
          retryDelaySeconds: 1,
          run: async () => {
            if (++attempts === 1) throw new Error("gateway unreachable");
            return { attempts };
          },
        },
        { name: broken, cron: "0 0 1 1 *", retryLimit: 1, retryDelaySeconds: 1, run: () => Promise.reject(new Error("always broken")) },
      ]);
      expect(await runner.runNow(flaky)).not.toBeNull();
      expect(await runner.runNow(broken)).not.toBeNull();
      await waitFor(async () => (await jobHistory(database.db, { name: flaky }))[0]?.state === "completed");
      expect((await jobHistory(database.db, { name: flaky }))[0]).toMatchObject({ attempts: 2, output: { attempts: 2 } });
      await waitFor(async () => (await jobHistory(database.db, { name: broken }))[0]?.state === "failed");
      const [failed] = await jobHistory(database.db, { name: broken });
      expect(failed).toMatchObject({ attempts: 2, output: { message: "always broken" } });
    });

    it("never runs one job twice at once, even from two runners", async ({ database }) => {
      const name = `${prefix}-single`;
      let active = 0;
      let most = 0;
      let done = 0;
      const job: JobDefinition = {
        name,
        cron: "0 0 1 1 *",
        run: async () => {
          most = Math.max(most, ++active);
          await sleep(1_000);
          active--;
          done++;
        },
      };
      const [first, second] = [await start(database, [job]), await start(database, [job])];
      expect(await first!.runNow(name)).not.toBeNull();
      // While that run is queued or active, neither runner may queue another.
      expect(await second!.runNow(name)).toBeNull();
      await waitFor(() => done === 1);
      for (let round = 0; round < 3; round++) await Promise.all([first!.runNow(name), second!.runNow(name)]);
      await waitFor(() => done >= 2);
      await sleep(1_500);
      expect(most).toBe(1);
      const history = await jobHistory(database.db, { name });
      expect(history.filter((run) => run.state === "completed")).toHaveLength(done);
    });
  });
}
