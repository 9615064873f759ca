import type { Db } from "./client";

/**
 * Remembers one database's answer for `ttlMs`, for figures that are the same for every caller and
 * may lag by that long (the landing page's statistics, the dashboard's marketplace queue). Callers
 * at the same moment share one read; a failed read is not remembered.
 */
export function cachedPerDatabase<T>(load: (db: Db) => Promise<T>, ttlMs: number, now: () => number = Date.now): (db: Db) => Promise<T> {
  const cache = new WeakMap<Db, { at: number; value: Promise<T> }>();
  return (db) => {
    const hit = cache.get(db);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = load(db);
    cache.set(db, { at: now(), value });
    value.catch(() => cache.delete(db));
    return value;
  };
}
