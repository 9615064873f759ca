import path from "node:path";
import { openDatabase, type Database } from "./client";
import { seedBaseContent } from "./seed";
import { ensureAdmin } from "./seed/admin";
import { env, rawEnv } from "@/server/core/env";

export type { Db, Database } from "./client";

/**
 * Where PGlite keeps its files: DATA_DIR (default ./.data) + /pglite. A folder chosen at run time,
 * never a build input: the ignore comments keep Turbopack's file tracer from reading the dynamic path
 * as "anything under the project" (it warned and traced the whole project into the server output).
 */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR);
}

const key = Symbol.for("takapoo.database");
type Holder = { [key]?: Promise<Database> };

/**
 * The process's one database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
 * Migrated and seeded on first use. Kept on globalThis so that every bundle Next.js builds shares
 * it (PGlite must never be opened twice on one folder).
 */
export function sharedDatabase(): Promise<Database> {
  const holder = globalThis as Holder;
  holder[key] ??= (async () => {
    const database = await openDatabase({
      url: env.DATABASE_URL,
      directUrl: env.DATABASE_DIRECT_URL,
      maxConnections: env.DATABASE_POOL_SIZE,
      dataDir: env.DATABASE_URL ? undefined : path.join(/*turbopackIgnore: true*/ dataDir(), "pglite"),
    });
    await seedBaseContent(database.db);
    await ensureAdmin(database.db, rawEnv(), env.SEED_DEMO_DATA);
    return database;
  })().catch((error: unknown) => {
    delete holder[key];
    throw error;
  });
  return holder[key];
}
