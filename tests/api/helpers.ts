import { sql } from "drizzle-orm";
import { createApp } from "@/server/app";
import { openDatabase, type Database } from "@/server/db/client";
import { seedDemoData } from "@/server/db/seed";

/**
 * A database for one test file: PostgreSQL when TEST_DATABASE_URL is set (tables emptied first),
 * else an in-memory PGlite. Migrated and seeded like production.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const database = await openDatabase(url ? { url, maxConnections: 5 } : {});
  await database.db.execute(sql`truncate table content_pages, seed_runs`);
  await seedDemoData(database.db);
  return database;
}

export function testApp(database: Database) {
  return createApp({ database: async () => database });
}

/** A JSON request to the app, as a browser would send it. */
export function jsonRequest(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
