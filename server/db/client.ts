import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import * as schema from "./schema";

/** Drizzle over PostgreSQL; the PGlite database has the same API and is typed the same way. */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** `select 1` straight through the driver (a tenth of drizzle's cost on PGlite). */
  ping(): Promise<void>;
  /** LISTEN on a channel: each NOTIFY's payload, after its transaction commits; answers the way to stop. */
  listen: Listen;
  close(): Promise<void>;
};

export type Listen = (channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) => Promise<() => Promise<void>>;

export const migrationsFolder = path.join(process.cwd(), "server/db/migrations");

// Any number of app instances may start at once against one PostgreSQL: migrations run under a
// session-level advisory lock so exactly one applies them.
const MIGRATION_LOCK = 7_316_201;

export type OpenOptions = {
  /** postgres://… — when set, PostgreSQL through node-postgres. */
  url?: string | undefined;
  /**
   * A direct connection to the same database when `url` goes through a transaction-mode pooler: LISTEN
   * and the migrations' session-level lock need one session of their own. Default: `url`.
   */
  directUrl?: string | undefined;
  /** Folder for PGlite's files; omitted means an in-memory database (tests). */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle connection the server drops (restart, pg_terminate_backend) must not take the process down.
    pool.on("error", (error) => console.error(`[db] idle connection lost: ${error.message}`));
    // …nor one lost while in use: its query fails (and its transaction rolls back) on its own.
    pool.on("connect", (client) => client.on("error", (error) => console.error(`[db] connection lost: ${error.message}`)));
    const connectionString = options.directUrl ?? options.url;
    const { Client } = await import("pg");
    const client = new Client({ connectionString });
    await client.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      await client.end();
    }
    const listening = new Set<() => Promise<void>>();
    return {
      db: drizzle(pool, { schema }),
      kind: "postgres",
      ping: async () => void (await pool.query("select 1")),
      listen: async (channel, onPayload, onReconnect) => {
        const stop = await listenOnPostgres(connectionString, channel, onPayload, onReconnect);
        listening.add(stop);
        return () => {
          listening.delete(stop);
          return stop();
        };
      },
      close: async () => {
        await Promise.all([...listening].map((stop) => stop()));
        await pool.end();
      },
    };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    ping: async () => void (await client.exec("select 1")),
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    close: () => client.close(),
  };
}

/**
 * One connection of its own that LISTENs (a pooled one would be handed to others). When it drops it
 * connects again after a second and calls onReconnect: what was announced meanwhile is unknown, so
 * listeners re-read.
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  const { Client } = await import("pg");
  let stopped = false;
  let client: InstanceType<typeof Client> | null = null;
  const reconnect = (): void => {
    if (!stopped) setTimeout(() => void connect().then(() => onReconnect?.(), reconnect), 1_000).unref();
  };
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel === channel) onPayload(message.payload ?? "");
    });
    next.on("error", (error) => {
      console.error(`[db] listening connection lost: ${error.message}`);
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      reconnect();
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', "")}"`);
    if (stopped) await next.end();
    else client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
    client = null;
  };
}

const pings = new WeakMap<object, Promise<void>>();

/**
 * Asks the database for `select 1`. Callers that arrive while a ping is under way share it, so a
 * burst of health checks costs one query, never a stale answer.
 */
export function pingDatabase(database: Pick<Database, "ping">): Promise<void> {
  const inflight = pings.get(database);
  if (inflight) return inflight;
  const ping = database.ping().then(
    () => void pings.delete(database),
    (error: unknown) => {
      pings.delete(database);
      throw error;
    },
  );
  pings.set(database, ping);
  return ping;
}
