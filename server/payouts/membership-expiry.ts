import { and, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "@/server/db";
import { memberships } from "@/server/db/schema";

const BATCH = 1_000;

/**
 * The expiry job's work: closes every period whose end has passed (expired_at), a thousand at a time,
 * skipping rows another run holds. What a period allows already stops at its end (every limit is
 * counted on the period in force at the request's time), so a late run never lets a withdrawal
 * through; closing the period is what the booster is told about and what the back office sees.
 */
export async function expireMemberships(db: Db, now: Date): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    const due = db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(isNull(memberships.expiredAt), lte(memberships.endsAt, now)))
      .orderBy(memberships.endsAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const closed = await db
      .update(memberships)
      .set({ expiredAt: now })
      .where(and(inArray(memberships.id, due), isNull(memberships.expiredAt)))
      .returning({ id: memberships.id });
    expired += closed.length;
    if (closed.length < BATCH) return { expired };
  }
}
