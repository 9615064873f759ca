import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import { withRetry } from "@/server/db/retry";
import type { Db } from "@/server/db";
import type { User } from "@/server/db/schema";

/** A transaction opened with drizzle's `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * What a business verb runs with: `verb(ctx, input)`. The database, the transaction the caller
 * already holds (if any), who acts and from where, in which language, and the time the request
 * started (so one request reads one "now"). Built by the HTTP layer for a request, by a job for a run.
 */
export type Ctx = {
  db: Db;
  /** The caller's open transaction: a verb joins it instead of opening its own (see withTransaction). */
  tx?: Tx | undefined;
  /** What that transaction does once it has committed (withTransaction runs it): wake-ups that must not ride in it. */
  afterCommit?: AfterCommit | undefined;
  /** The signed-in user acting, or null for the system (jobs, gateway callbacks). */
  actor?: User | null | undefined;
  /** The caller's address, for the audit trail. */
  ip?: string | null | undefined;
  locale: Locale;
  now: Date;
};

/** The part of the context a verb that only touches the database needs. */
export type DbCtx = Pick<Ctx, "db" | "tx" | "afterCommit">;

/** The context of a verb that writes on someone's behalf (audited when an admin acts). */
export type ActorCtx = Pick<Ctx, "db" | "tx" | "afterCommit" | "actor" | "ip">;

/** The context of a verb only a signed-in user calls: the actor is known. */
export type UserCtx = ActorCtx & { actor: User };

/** A context that is inside a transaction. */
export type TxCtx<C extends DbCtx = DbCtx> = C & { tx: Tx };

/**
 * Work a transaction leaves for after its commit: told to listeners only once the rows they will read
 * are there, and never inside the transaction (a NOTIFY there would take PostgreSQL's database-wide
 * lock at every commit: server/notifications/notify.ts). Dropped with a rollback.
 */
export class AfterCommit {
  private readonly tasks: (() => void)[] = [];

  add(task: () => void): void {
    this.tasks.push(task);
  }

  /** Runs what was added, each once; one that throws is said in the log and keeps the others. */
  run(): void {
    for (const task of this.tasks.splice(0)) {
      try {
        task();
      } catch (error) {
        console.error("[db] a task after commit failed:", error);
      }
    }
  }
}

/**
 * Runs `fn` in a transaction: the caller's (ctx.tx) when there is one — the work commits or rolls
 * back with it — else a new one, whose `afterCommit` runs once it has committed (an attempt that
 * failed and was retried leaves nothing behind). `fn` gets the context with `tx` set, to hand on to
 * the verbs it calls.
 * With `{ retry: true }` a transaction this call opens runs again after a serialization failure or a
 * deadlock (server/db/retry.ts); inside the caller's transaction it is the caller's to retry, so it
 * runs once.
 */
export function withTransaction<C extends DbCtx, T>(
  ctx: C,
  fn: (ctx: TxCtx<C>) => Promise<T>,
  options: { retry?: boolean } = {},
): Promise<T> {
  if (ctx.tx) return fn(ctx as TxCtx<C>);
  const run = async () => {
    const afterCommit = new AfterCommit();
    const result = await ctx.db.transaction((tx) => fn({ ...ctx, tx, afterCommit }));
    afterCommit.run();
    return result;
  };
  return options.retry ? withRetry(run) : run();
}

/**
 * Runs `fn` in a savepoint of the caller's transaction: a failure rolls back only what `fn` did and
 * leaves the caller's transaction usable (a plan bought from a payment's wallet money, refused).
 */
export function withSavepoint<C extends DbCtx, T>(ctx: TxCtx<C>, fn: (ctx: TxCtx<C>) => Promise<T>): Promise<T> {
  return ctx.tx.transaction((savepoint) => fn({ ...ctx, tx: savepoint }));
}

/**
 * The context of a job's run or a command: no one acts (the system), `now` is the run's.
 * A job hands it to the verbs it calls, so one run reads one "now".
 */
export function systemCtx(db: Db, now: Date = new Date()): Ctx & { actor: null } {
  return { db, actor: null, ip: null, locale: defaultLocale, now };
}

/** Where a verb's statements go: the open transaction when there is one, else the database. */
export function executor(ctx: DbCtx): Db | Tx {
  return ctx.tx ?? ctx.db;
}
