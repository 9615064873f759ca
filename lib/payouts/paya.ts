import { TEHRAN_OFFSET_MINUTES } from "@/lib/time/tehran";
/**
 * When a payout sent as a PAYA (ACH) transfer should reach the booster's account: the Central Bank settles
 * PAYA in cycles at 03:45, 10:45, 13:45 and 18:45 Tehran time, Saturday to Wednesday; Thursday only the
 * first two; none on Friday. A transfer must be with the bank half an hour before a cycle to be in it.
 * Official holidays are not in this calendar, so the date is an estimate and the pages say "expected".
 */

/** Settlement times, minutes after Tehran midnight. */
const CYCLES = [3 * 60 + 45, 10 * 60 + 45, 13 * 60 + 45, 18 * 60 + 45];
const CUTOFF_MINUTES = 30;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Cycles on a Tehran weekday (0 = Sunday … 5 = Friday, 6 = Saturday). */
function cyclesOn(weekday: number): number[] {
  if (weekday === 5) return [];
  if (weekday === 4) return CYCLES.slice(0, 2);
  return CYCLES;
}

/** The settlement time of the first PAYA cycle a transfer handed to the bank at `sentAt` can be in. */
export function nextPayaCycle(sentAt: Date): Date {
  const tehranMs = sentAt.getTime() + TEHRAN_OFFSET_MINUTES * MINUTE;
  const dayStart = Math.floor(tehranMs / DAY) * DAY;
  for (let day = 0; day < 8; day++) {
    const start = dayStart + day * DAY;
    const weekday = new Date(start).getUTCDay();
    for (const cycle of cyclesOn(weekday)) {
      const settles = start + cycle * MINUTE;
      if (settles - CUTOFF_MINUTES * MINUTE >= tehranMs) return new Date(settles - TEHRAN_OFFSET_MINUTES * MINUTE);
    }
  }
  throw new Error("unreachable: every week has PAYA cycles");
}

/**
 * The expected arrival shown with a payout: for one sent (active), the cycle after it was sent; for one
 * approved and not yet sent, the cycle after now (it is sent within minutes, or with the day's export);
 * null for the others (pending has no date yet; the rest are settled).
 */
export function expectedArrival(payout: { status: string; submittedAt: Date | null }, now: Date = new Date()): Date | null {
  if (payout.status === "active") return nextPayaCycle(payout.submittedAt ?? now);
  if (payout.status === "approved") return nextPayaCycle(now);
  return null;
}
