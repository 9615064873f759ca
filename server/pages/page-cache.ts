/**
 * A small read-through cache for content pages, per process. Pages are read on every visit and
 * edited rarely: an edit calls invalidatePage() on the instance that made it and announces the slug
 * on PAGES_CHANNEL after its commit; every instance follows those announcements (followPageEdits,
 * started by the composition root), so all of them drop it within moments — TTL_MS is the bound if
 * an announcement is lost. Unknown slugs are not cached, so junk requests cannot fill it; its size is
 * bounded anyway.
 *
 * The entries and the listeners live on globalThis: `npm start` loads this module twice (the API
 * server outside Next.js, and Next.js's own bundle that renders the pages), and an edit made
 * through one must reach the other.
 */
import type { Listen } from "@/server/db/client";

export const PAGE_CACHE_TTL_MS = 30_000;
/** The PostgreSQL channel on which an instance tells the others a content page changed: the slug, "" for all. */
export const PAGES_CHANNEL = "takapoo_pages";
const MAX_ENTRIES = 500;

type Entry<T> = { value: T; expires: number };
/** Told after a slug's entries (or all entries, slug undefined) were dropped. */
export type PageInvalidationListener = (slug?: string) => void;

const stateKey = Symbol.for("takapoo.pageCache");
type State = { entries: Map<string, Entry<unknown>>; listeners: Set<PageInvalidationListener> };
type Holder = { [stateKey]?: State };
const holder = globalThis as Holder;
const { entries, listeners } = (holder[stateKey] ??= { entries: new Map(), listeners: new Set() });

export async function cachedPage<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as T;
  const value = await load();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(key, { value, expires: now + PAGE_CACHE_TTL_MS });
  return value;
}

/** Drops every cached locale of a slug (all slugs when none is given), then tells the listeners. */
export function invalidatePage(slug?: string): void {
  if (!slug) entries.clear();
  else for (const entry of entries.keys()) if (entry.startsWith(`${slug}\u0000`)) entries.delete(entry);
  for (const listener of [...listeners]) {
    try {
      listener(slug);
    } catch (error) {
      // The edit is already committed; a failing listener must not turn it into an error.
      console.error("[page-cache] an invalidation listener failed", error);
    }
  }
}

/** Calls `listener` after every invalidatePage(); answers the function that unsubscribes it. */
export function onPageInvalidated(listener: PageInvalidationListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Drops what other instances announce on PAGES_CHANNEL (this one's own announcements too: a second drop
 * is harmless). After the listening connection was lost and came back, what was announced meanwhile is
 * unknown: everything is dropped.
 */
export async function followPageEdits(listen: Listen): Promise<void> {
  await listen(
    PAGES_CHANNEL,
    (slug) => invalidatePage(slug || undefined),
    () => invalidatePage(),
  );
}
