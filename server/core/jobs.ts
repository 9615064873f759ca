import { fromPglite, PgBoss, type Db as BossDb, type PGliteLike } from "pg-boss";
import type { Pool } from "pg";
import type { Database, Db } from "@/server/db";

/**
 * Background jobs, one way: pg-boss over the app's own database (PostgreSQL, or the PGlite instance
 * the app holds — pg-boss's fromPglite adapter shares its one connection). Each job has a cron
 * schedule; the queue's "exclusive" policy (a unique index in pg-boss's tables) lets one run be
 * queued or active at a time across every instance; a failed run is retried with backoff; runs are
 * kept for a week in pgboss.job, which `npm run admin -- jobs` prints (server/core/jobs-history.ts).
 */
export type JobDefinition = {
  /** Queue name, also the name in the history. */
  name: string;
  /** When it runs (cron, UTC). pg-boss sends at most one job per minute for a schedule. */
  cron: string;
  /** Attempts after the first failure (default 3), the first after retryDelaySeconds, then doubling. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run active for longer is taken as lost (its instance died) and retried. */
  expireInSeconds?: number;
  /**
   * One run. It must be idempotent per item: an item another run (or a request) already handled
   * is skipped and the run goes on. What it returns is kept as the run's output in the history.
   * `now` is the run's clock: the system's, or a later time for a test (POST /api/test-clock/run).
   * `scheduled`: the runner started it on its schedule, on the system's clock (a test-clock run is not),
   * so it may wait inside its run for work falling due.
   */
  run(context: { db: Db; signal: AbortSignal; now: () => Date; scheduled?: boolean }): Promise<Record<string, number> | void>;
};

/** Where pg-boss keeps its tables (its own schema, beside the app's public one). */
export const JOBS_SCHEMA = "pgboss";

export type JobRunnerOptions = {
  /** Seconds between looks for due jobs and due schedules (tests shorten them). */
  pollingSeconds?: number;
  cronSeconds?: number;
  /** Unexpected runner errors (its own queries failing), besides the log. */
  onError?: (error: unknown) => void;
};

export type JobRunner = {
  /** Queues a run now (null when one is already queued or active: one at a time). */
  runNow(name: string): Promise<string | null>;
  stop(): Promise<void>;
};

/** pg-boss's view of our database: the PGlite instance itself, or the app's node-postgres pool. */
export function jobsDatabase(database: Pick<Database, "db" | "kind">): { db: BossDb; backend: "pglite" | "postgres" } {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === "pglite") return { db: fromPglite(client as PGliteLike), backend: "pglite" };
  const pool = client as Pool;
  return { db: { executeSql: (text, values) => pool.query(text, values) }, backend: "postgres" };
}

export async function startJobRunner(database: Database, jobs: JobDefinition[], options: JobRunnerOptions = {}): Promise<JobRunner> {
  const boss = new PgBoss({
    ...jobsDatabase(database),
    schema: JOBS_SCHEMA,
    cronMonitorIntervalSeconds: options.cronSeconds ?? 30,
    cronWorkerIntervalSeconds: options.cronSeconds ?? 5,
  });
  boss.on("error", (error) => {
    console.error("[jobs] runner error", error instanceof Error ? error.message : error);
    options.onError?.(error);
  });
  await boss.start();
  for (const job of jobs) {
    const queue = {
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 240,
    };
    await boss.createQueue(job.name, { policy: "exclusive", ...queue });
    // An existing queue keeps its options on createQueue: this brings them up to date.
    await boss.updateQueue(job.name, queue);
    await boss.schedule(job.name, job.cron, null, { tz: "UTC" });
    await boss.work(job.name, { pollingIntervalSeconds: options.pollingSeconds ?? 5 }, async ([run]) => {
      try {
        const output = await job.run({ db: database.db, signal: run!.signal, now: () => new Date(), scheduled: true });
        if (output && Object.values(output).some((count) => count > 0)) console.info(`[jobs] ${job.name}`, output);
        return output ?? null;
      } catch (error) {
        console.error(`[jobs] ${job.name} failed (attempt ${run!.retryCount + 1})`, error instanceof Error ? error.message : error);
        throw error;
      }
    });
  }
  return {
    runNow: (name) => boss.send(name, null),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
