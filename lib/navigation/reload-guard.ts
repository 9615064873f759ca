/** SPEC §4: a chunk-load failure reloads the page, but not again within 10 s (a broken deploy would loop). */
export const RELOAD_GUARD_TTL_MS = 10_000;
export const RELOAD_GUARD_KEY = "takapoo:chunk-reload-at";

type Storage = { getItem(key: string): string | null; setItem(key: string, value: string): void };

/** True when a reload may happen now; records the reload's time when it says yes. */
export function claimReload(storage: Storage, now: number, ttlMs = RELOAD_GUARD_TTL_MS): boolean {
  const last = Number(storage.getItem(RELOAD_GUARD_KEY) ?? 0);
  if (Number.isFinite(last) && last > 0 && now - last < ttlMs) return false;
  storage.setItem(RELOAD_GUARD_KEY, String(now));
  return true;
}

/** Whether an error or rejection reason is a failed load of a code chunk. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason || typeof reason !== "object") return typeof reason === "string" && chunkPattern.test(reason);
  const { name, message } = reason as { name?: unknown; message?: unknown };
  return name === "ChunkLoadError" || (typeof message === "string" && chunkPattern.test(message));
}

const chunkPattern =
  /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;
