import { env } from "@/server/core/env";

/**
 * When payouts to the user's IBAN are allowed again after it replaced another one: the change's time
 * plus PAYOUT_IBAN_COOLDOWN_HOURS (48), or null when nothing waits. A first IBAN is not a change (it
 * is set before identity verification and checked against the national ID); replacing it is what a
 * taken-over account would do, so that waits. The request's refusal and the profile say the same date.
 */
export function ibanPayoutsFrom(user: { ibanChangedAt: Date | null }, now = new Date()): Date | null {
  if (!user.ibanChangedAt) return null;
  const until = new Date(user.ibanChangedAt.getTime() + env.PAYOUT_IBAN_COOLDOWN_HOURS * 3_600_000);
  return until > now ? until : null;
}
