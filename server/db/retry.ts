/** SQLSTATEs after which running the whole transaction again is safe and may succeed. */
const RETRYABLE = new Set(["40001", "40P01"]); // serialization_failure, deadlock_detected

/** The SQLSTATE of a driver error, also when drizzle wraps it (DrizzleQueryError.cause). */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a driver error names (node-postgres and PGlite both report it), if any. */
export function violatedConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
  }
  return undefined;
}

export function isRetryable(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && RETRYABLE.has(state);
}

export const MAX_RETRIES = 5;

/** Jittered exponential backoff: ~2, 4, 8, 16, 32 ms, each scaled by a random factor in [0.5, 1.5). */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  return 2 ** (attempt + 1) * (0.5 + random());
}

/** Runs `work` again after a serialization failure or a deadlock, at most MAX_RETRIES times. */
export async function withRetry<T>(work: () => Promise<T>, retries = MAX_RETRIES): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= retries || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}
