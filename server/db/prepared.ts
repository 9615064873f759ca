import type { Db } from "./client";

/**
 * One prepared statement per database object and name: PostgreSQL parses and plans it once per
 * connection. For the hot reads (session lookup, lists, counts) planning costs as much as running.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}
