import { sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { JOBS_SCHEMA } from "@/server/core/jobs";

export type JobRun = {
  name: string;
  state: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** What the run returned (counts), or pg-boss's record of the last error. */
  output: unknown;
};

/**
 * The most recent runs of the background jobs, newest first, read from pg-boss's job table (runs
 * are kept there a week after they finish). An empty list when the runner never started on this
 * database. pg-boss's internal queues (names starting "__") are left out.
 */
export async function jobHistory(db: Db, options: { limit?: number; name?: string } = {}): Promise<JobRun[]> {
  const installed = await db.execute<{ found: boolean }>(sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as found`);
  if (!installed.rows[0]?.found) return [];
  const result = await db.execute<{
    name: string;
    state: JobRun["state"];
    retry_count: number;
    created_on: string | Date;
    started_on: string | Date | null;
    completed_on: string | Date | null;
    output: unknown;
  }>(sql`
    select name, state, retry_count, created_on, started_on, completed_on, output
    from ${sql.identifier(JOBS_SCHEMA)}.job
    where name not like '\\_\\_%' ${options.name ? sql`and name = ${options.name}` : sql``}
    order by created_on desc
    limit ${options.limit ?? 20}`);
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return result.rows.map((row) => ({
    name: row.name,
    state: row.state,
    attempts: row.state === "created" ? 0 : row.retry_count + (row.state === "retry" ? 0 : 1),
    createdAt: new Date(row.created_on),
    startedAt: date(row.started_on),
    finishedAt: date(row.completed_on),
    output: row.output,
  }));
}

/** The history as lines for a terminal: name, state, attempts, started, finished, output or error. */
export function formatJobHistory(runs: JobRun[]): string {
  if (runs.length === 0) return "No job runs recorded yet (the runner starts with the server: npm run dev, npm start, npm run api).";
  const time = (value: Date | null) => (value ? value.toISOString().replace("T", " ").slice(0, 19) : "-");
  const rows = runs.map((run) => [
    run.name,
    run.state,
    String(run.attempts),
    time(run.startedAt),
    time(run.finishedAt),
    outputText(run.output),
  ]);
  const header = ["job", "state", "attempts", "started (UTC)", "finished (UTC)", "output / error"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

function outputText(output: unknown): string {
  if (output === null || output === undefined) return "";
  if (typeof output === "object" && "message" in output) return `error: ${String((output as { message: unknown }).message)}`;
  return JSON.stringify(output);
}
