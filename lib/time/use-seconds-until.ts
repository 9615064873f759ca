"use client";
import { useNow } from "./use-now";

/**
 * Seconds left until `deadline` (ms since epoch), at most `total`, re-rendering once a second; null
 * while the deadline is unknown. A code step's resend countdown, a task's time left.
 */
export function useSecondsUntil(deadline: number | null, total: number = Number.POSITIVE_INFINITY): number | null {
  const now = useNow(1000, deadline !== null);
  return deadline === null ? null : Math.min(total, Math.max(0, Math.ceil((deadline - now) / 1000)));
}
