import type { Db } from "./client";
import { withCompiledRows } from "./row-mapper";

/**
 * One prepared statement per database object and name: PostgreSQL parses and plans it once per
 * connection. For the hot reads (session lookup, lists, counts) planning costs as much as running.
 * A select's rows are mapped by a mapper compiled once (server/db/row-mapper.ts).
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = withCompiledRows(build(db));
      cache.set(db, prepared);
    }
    return prepared;
  };
}
