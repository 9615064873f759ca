import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { type DbCtx, type Ctx, withTransaction, type TxCtx } from "@/server/core/context";
import { membershipPlans, memberships } from "@/server/db/schema";
import { notify } from "@/server/notifications";
import { planParams } from "@/server/payouts/memberships";

const BATCH = 1_000;
const REMIND_BEFORE_MS = 3 * 86_400_000;
/** Whether a period of the same user goes on after this one (a renewal, a change at the end, an upgrade). */
const followed = sql`exists (select 1 from "memberships" as "later" where "later"."user_id" = ${memberships.userId} and "later"."id" <> ${memberships.id} and "later"."ends_at" > ${memberships.endsAt})`;

/**
 * The expiry job's work. Closes every period whose end has passed (expired_at), a thousand at a time,
 * skipping rows another run holds; the booster is told in the same transaction when no period follows
 * it. What a period allows already stops at its end (every limit is counted on the period in force at
 * the request's time), so a late run never lets a withdrawal through. Also tells, once, those whose
 * period ends within three days with nothing after it.
 */
export async function expireMemberships(ctx: DbCtx & Pick<Ctx, "now">): Promise<{ expired: number; reminded: number }> {
  const { now } = ctx;
  let expired = 0;
  let reminded = 0;
  for (;;) {
    const closed = await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      const due = tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(isNull(memberships.expiredAt), lte(memberships.endsAt, now)))
        .orderBy(memberships.endsAt)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      const rows = await tx
        .update(memberships)
        .set({ expiredAt: now })
        .where(and(inArray(memberships.id, due), isNull(memberships.expiredAt)))
        .returning({ id: memberships.id, userId: memberships.userId, endsAt: memberships.endsAt, followed: sql<boolean>`${followed}` });
      await announce(
        ctx,
        rows.filter((row) => !row.followed),
        "membership_expired",
      );
      return rows.length;
    });
    expired += closed;
    if (closed < BATCH) break;
  }
  for (;;) {
    const told = await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      const due = tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            isNull(memberships.remindedAt),
            isNull(memberships.expiredAt),
            gt(memberships.endsAt, now),
            lte(memberships.endsAt, new Date(now.getTime() + REMIND_BEFORE_MS)),
            sql`not ${followed}`,
          ),
        )
        .limit(BATCH)
        .for("update", { skipLocked: true });
      const rows = await tx
        .update(memberships)
        .set({ remindedAt: now })
        .where(and(inArray(memberships.id, due), isNull(memberships.remindedAt)))
        .returning({ id: memberships.id, userId: memberships.userId, endsAt: memberships.endsAt });
      await announce(ctx, rows, "membership_expiring");
      return rows.length;
    });
    reminded += told;
    if (told < BATCH) break;
  }
  return { expired, reminded };
}

async function announce(
  ctx: TxCtx,
  rows: { id: string; userId: string; endsAt: Date }[],
  kind: "membership_expired" | "membership_expiring",
) {
  if (rows.length === 0) return;
  const { tx } = ctx;
  const plans = await tx
    .select({ id: memberships.id, code: membershipPlans.code, names: membershipPlans.names })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(
      inArray(
        memberships.id,
        rows.map((row) => row.id),
      ),
    );
  const planOf = new Map(plans.map((plan) => [plan.id, plan]));
  for (const row of rows) {
    const plan = planOf.get(row.id);
    await notify(ctx, {
      userId: row.userId,
      kind,
      dedupeKey: `membership:${row.id}:${kind === "membership_expired" ? "expired" : "expiring"}`,
      params: { ...(plan ? planParams(plan) : {}), membership_id: row.id, ends_at: row.endsAt.toISOString() },
    });
  }
}
