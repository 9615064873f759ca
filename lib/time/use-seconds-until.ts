"use client";
import { useEffect, useState } from "react";

/**
 * Seconds left until `deadline` (ms since epoch), at most `total`, re-rendering once a second; null
 * while the deadline is unknown. A code step's resend countdown, a task's time left.
 */
export function useSecondsUntil(deadline: number | null, total: number = Number.POSITIVE_INFINITY): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : Math.min(total, Math.max(0, Math.ceil((deadline - now) / 1000)));
}
