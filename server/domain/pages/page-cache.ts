/**
 * A small read-through cache for content pages, per process. Pages are read on every visit and
 * edited rarely: an edit calls invalidatePage() on the instance that made it, and other instances
 * see it within TTL_MS. Unknown slugs are not cached, so junk requests cannot fill it; its size is
 * bounded anyway.
 */
export const PAGE_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 500;

type Entry<T> = { value: T; expires: number };
const entries = new Map<string, Entry<unknown>>();

export async function cachedPage<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as T;
  const value = await load();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(key, { value, expires: now + PAGE_CACHE_TTL_MS });
  return value;
}

/** Drops every cached locale of a slug (all slugs when none is given). */
export function invalidatePage(slug?: string): void {
  if (!slug) return entries.clear();
  for (const key of entries.keys()) if (key.startsWith(`${slug}\u0000`)) entries.delete(key);
}
