import { eq, sql } from "drizzle-orm";
import { splitBudget } from "@/lib/activities/tasks";
import { findPrice } from "@/lib/campaigns/pricing";
import type { Checklist, StepState } from "@/lib/schemas/onboarding";
import { PAYOUT_MIN_RIALS } from "@/lib/schemas/payouts";
import { executor, type DbCtx } from "@/server/core/context";
import { env } from "@/server/core/env";
import { users, type User } from "@/server/db/schema";
import { boosterStanding } from "@/server/activities";
import { loadPricing } from "@/server/campaigns";
import { cheapestPlanPrice, membershipOf } from "@/server/payouts";

/** What the person has done so far, each an index-backed EXISTS on their own rows. */
async function progressOf(ctx: DbCtx, userId: string) {
  const id = sql`${userId}::uuid`;
  const [row] = await executor(ctx)
    .select({
      // Money in by card: a wallet charge, or a campaign paid by card (a gateway's payment); not a plan bought from earnings.
      charged: sql<boolean>`exists (select 1 from transactions where user_id = ${id} and status = 'paid' and gateway is not null
        and intent in ('wallet_charge', 'campaign_creation', 'campaign_top_up'))`,
      campaign: sql<boolean>`exists (select 1 from campaigns where owner_id = ${id})`,
      inReview: sql<boolean>`exists (select 1 from campaigns where owner_id = ${id} and status = 'awaiting_review')`,
      approved: sql<boolean>`exists (select 1 from campaigns where owner_id = ${id} and status in ('active', 'paused', 'completed', 'paid'))`,
      delivered: sql<boolean>`exists (select 1 from campaigns c, jsonb_each_text(c.delivered) d where c.owner_id = ${id} and d.value::int > 0)`,
      youtube: sql<boolean>`exists (select 1 from youtube_links where user_id = ${id})`,
      tasked: sql<boolean>`exists (select 1 from activities where booster_id = ${id})`,
      released: sql<boolean>`exists (select 1 from activities where booster_id = ${id} and released_at is not null)`,
      held: sql<boolean>`exists (select 1 from activities where booster_id = ${id} and status = 'approved' and released_at is null)`,
      paidOut: sql<boolean>`exists (select 1 from payouts where user_id = ${id} and status = 'confirmed')`,
      payoutUnderWay: sql<boolean>`exists (select 1 from payouts where user_id = ${id} and status in ('pending', 'approved', 'active'))`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

const state = (done: boolean, waiting = false): StepState => (done ? "done" : waiting ? "waiting" : "todo");

/**
 * GET me/checklist (issue 34): the first steps of each side, done / waiting / to do, read from the
 * person's own rows, and the figures that make the booster's way concrete on this installation: what a
 * like pays today, the tasks a day they may start, the hold, the smallest payout and the cheapest plan.
 */
export async function checklistOf(ctx: DbCtx & { now?: Date }, input: { user: User }): Promise<Checklist> {
  const { user } = input;
  const now = ctx.now ?? new Date();
  const [done, standing, membership, prices, planPrice] = await Promise.all([
    progressOf(ctx, user.id),
    boosterStanding(ctx, { boosterId: user.id, now }),
    membershipOf({ ...ctx, now }, { userId: user.id }),
    loadPricing(ctx),
    cheapestPlanPrice(ctx),
  ]);
  const like = findPrice(prices, "youtube", "like");
  const taskReward = like ? splitBudget(like.price, like.boosterShare).reward : 0;
  const perDay = standing.allowance.perDay;
  const daily = taskReward * perDay;
  const identity = user.identityStatus;
  return {
    purpose: user.purpose,
    producer: [
      { step: "charge", state: state(done.charged) },
      { step: "campaign", state: state(done.campaign) },
      { step: "approval", state: state(done.approved, done.inReview) },
      { step: "delivery", state: state(done.delivered, done.approved) },
    ],
    booster: [
      { step: "profile", state: state(Boolean(user.firstName && user.lastName && user.nationalId && user.iban)) },
      {
        step: "identity",
        state: state(identity === "identity_verified" || identity === "active", identity === "identity_verification_pending"),
      },
      { step: "youtube", state: state(done.youtube) },
      { step: "task", state: state(done.tasked) },
      { step: "release", state: state(done.released, done.held) },
      { step: "plan", state: state(membership.current !== null) },
      { step: "payout", state: state(done.paidOut, done.payoutUnderWay) },
    ],
    figures: {
      task_reward: taskReward,
      tasks_per_day: perDay,
      retention_days: env.RETENTION_DAYS,
      payout_min: PAYOUT_MIN_RIALS,
      plan_price: planPrice,
      first_payout_days: daily > 0 ? Math.ceil(PAYOUT_MIN_RIALS / daily) + env.RETENTION_DAYS : null,
    },
  };
}
