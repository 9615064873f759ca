import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db";

const dialect = new PgDialect();

/** node-postgres's Pool, as far as we use it (PGlite's client has no pool counters). */
type PgPool = { totalCount: number; query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };

function poolOf(db: unknown): PgPool | null {
  const client = (db as { $client?: unknown }).$client;
  if (!client || typeof client !== "object" || !("totalCount" in client)) return null;
  return typeof (client as PgPool).query === "function" ? (client as PgPool) : null;
}

const names = new Map<string, string>();
/** Its callers have a handful of statement texts; past this, something builds texts dynamically: don't prepare. */
const MAX_PREPARED = 32;

/** A stable statement name per distinct SQL text (the same text always gets the same name). */
function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_PREPARED) {
    name = `statement_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs one statement. On PostgreSQL outside a transaction, as a named prepared statement (parsed and
 * planned once per connection: for the ledger's CTEs planning costs as much as running them, and this
 * doubles throughput; the payout request and the idempotency keys use it too); on PGlite or inside a
 * transaction, through drizzle as usual. Results are the driver's rows either way (callers select JSON
 * and booleans, parsed alike).
 */
export async function runStatement(db: Pick<Db, "execute">, statement: SQL): Promise<unknown[]> {
  const pool = poolOf(db);
  if (!pool) return (await db.execute(statement)).rows;
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = statementName(text);
  return (await pool.query({ ...(name ? { name } : {}), text, values: params })).rows;
}
