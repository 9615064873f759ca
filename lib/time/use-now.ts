"use client";
import { useEffect, useState } from "react";

/**
 * The time now (ms since epoch), read again every `intervalMs` while `active`: a countdown's clock (a code
 * step's resend, a task's time left, a payout's deadline).
 */
export function useNow(intervalMs: number, active: boolean = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}
