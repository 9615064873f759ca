import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  activityTypeOf,
  checkMethodOf,
  NO_CHECKS,
  parseTaskId,
  remainingByMetric,
  splitBudget,
  TASK_TTL_MINUTES,
  taskId,
  taskQuantity,
  type Checks,
  type TargetLine,
} from "@/lib/activities/tasks";
import { findPrice, type Network, type PriceEntry } from "@/lib/campaigns/pricing";
import { paceLeft, paceWindows } from "@/lib/campaigns/pacing";
import { paceLeftNow, pacedUsedOf } from "@/server/activities/pace";
import { reserve } from "@/server/activities/reserve";
import { refillCampaigns, refillOpen, refillOpenNow } from "@/server/activities/refill";
import { invoiceLines } from "@/lib/campaigns/progress";
import { activities, campaigns, sessions, users, type Activity, type Campaign, type User } from "@/server/db/schema";
import { isOpenSession, sessionUser } from "@/server/auth";
import type { AccessClaims } from "@/server/auth";
import { preparedOnce } from "@/server/db/prepared";
import { fromJson } from "@/server/db/raw-json";
import { boosterStanding } from "@/server/activities/standing";
import { AppError } from "@/server/core/errors";
import { uniqueViolation } from "@/server/auth";
import { loadPricing } from "@/server/campaigns";
import { withTransaction, type DbCtx, type UserCtx } from "@/server/core/context";
import type { ActivityCheckMethod } from "@/lib/schemas/enums";

/** SPEC §6: earning requires a verified identity ("active" and "identity_verified" both count). */
const EARNING_STATUSES: readonly User["identityStatus"][] = ["active", "identity_verified"];
export function canEarn(user: Pick<User, "identityStatus">): boolean {
  return EARNING_STATUSES.includes(user.identityStatus);
}
export function assertCanEarn(user: User): void {
  if (!canEarn(user)) throw new AppError("identity_not_verified");
}

/** A campaign's targets: its invoice lines. */
export function linesOf(campaign: Pick<Campaign, "invoice">): TargetLine[] {
  return invoiceLines(campaign.invoice);
}

/** Units not denied (started, submitted, approved) per campaign and metric. */
const liveStatuses = ["pending", "in_progress", "awaiting_review", "approved", "completed"] as const;

/**
 * What one task of this line is worth. A paid campaign pays at its invoice's unit price; a Trial is
 * free to its producer, so the platform's promotions account pays the booster's share at today's price.
 */
export function priceTask(
  campaign: Pick<Campaign, "network" | "strategy">,
  line: TargetLine,
  quantity: number,
  prices: readonly PriceEntry[],
): { budget: number; reward: number; margin: number } {
  const current = findPrice(prices, campaign.network as Network, line.action);
  const share = current?.boosterShare ?? 0;
  if (campaign.strategy === "trial") {
    const { reward } = splitBudget((current?.price ?? 0) * quantity, share);
    return { budget: reward, reward, margin: 0 };
  }
  // A paid campaign pays at its invoice's price and share, both locked at purchase.
  const budget = line.unitPrice * quantity;
  return { budget, ...splitBudget(budget, line.boosterShare ?? share) };
}

export type Task = {
  id: string;
  campaignId: string;
  network: Network;
  link: string;
  metric: string;
  action: string;
  type: ReturnType<typeof activityTypeOf>;
  quantity: number;
  reward: number;
  checkMethod: ActivityCheckMethod;
};

/** How many campaigns the task list looks through, oldest first (the ones waiting longest). */
const TASK_SCAN = 200;

const caller = sql.placeholder("userId");
const networkParam = sql.placeholder("network");

/** The caller's session is open and their identity verified (an uncorrelated subquery: run once per statement). */
const callerCanEarn = sql`exists (select 1 from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
  where ${isOpenSession} and ${inArray(users.identityStatus, [...EARNING_STATUSES])})`;

/** Per line (metric) of the campaign: units not denied, and whether the caller has one of them. */
// Written with its own alias and the outer row named in full: a one-table select leaves its columns unqualified.
const takenOf = sql`(select coalesce(json_agg(json_build_array(t.metric, t.units, t.mine)), '[]'::json)
  from (select a.metric, sum(a.quantity)::int as units, bool_or(a.booster_id = ${caller}) as mine
    from ${activities} a
    where a.campaign_id = "campaigns"."id" and a.status in (${sql.raw(liveStatuses.map((status) => `'${status}'`).join(", "))})
    group by a.metric) t)`.mapWith((value) => fromJson(value) as [string, number, boolean][]);

/**
 * The feed's one statement, prepared (with and without a network): the caller's session and identity
 * checked inside it, the TASK_SCAN oldest active campaigns of other producers (campaigns_status_created_idx)
 * with their invoice lines and the units taken per line. No rows: a closed session, an unverified
 * caller, or nothing open — told apart by a second look only then.
 */
function feedStatement(byNetwork: boolean) {
  return preparedOnce((db) =>
    db
      .select({
        id: campaigns.id,
        network: campaigns.network,
        strategy: campaigns.strategy,
        link: campaigns.link,
        lines: sql`${campaigns.invoice} -> 'lines'`.mapWith((value) => fromJson(value) as TargetLine[] | null),
        taken: takenOf,
        pace: campaigns.pace,
        paceUsed: pacedUsedOf,
      })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.status, "active"),
          ne(campaigns.ownerId, caller),
          byNetwork ? sql`${campaigns.network}::text = ${networkParam}` : undefined,
          callerCanEarn,
        ),
      )
      .orderBy(asc(campaigns.createdAt), asc(campaigns.id))
      .limit(TASK_SCAN)
      .prepare(byNetwork ? "tasks_feed_network" : "tasks_feed"),
  );
}
const feedAll = feedStatement(false);
const feedByNetwork = feedStatement(true);

/**
 * GET tasks: open work on other producers' active campaigns that this booster has not taken yet.
 * null: the caller's session is not open.
 */
export async function listTasks(
  ctx: DbCtx,
  input: {
    caller: AccessClaims;
    page: number;
    perPage: number;
    network?: Network | undefined;
    action?: string | undefined;
    checks?: Checks;
    /** The clock (tests); pacing reads the Tehran day and hour from it. */
    now?: Date;
  },
): Promise<{ rows: Task[]; total: number } | null> {
  const { db } = ctx;
  const now = input.now ?? new Date();
  const { dayStart, hourStart } = paceWindows(now);
  const params = {
    userId: input.caller.userId,
    sessionId: input.caller.sessionId,
    dayStart: dayStart.toISOString(),
    hourStart: hourStart.toISOString(),
  };
  const [open, prices, refills] = await Promise.all([
    input.network ? feedByNetwork(db).execute({ ...params, network: input.network }) : feedAll(db).execute(params),
    loadPricing({ db }),
    refillCampaigns({ db }, { boosterId: input.caller.userId, network: input.network, now }),
  ]);
  if (open.length === 0) {
    const user = await sessionUser({ db }, input.caller);
    if (!user) return null;
    assertCanEarn(user);
    if (refills.length === 0) return { rows: [], total: 0 };
  }
  const tasks: Task[] = [];
  /** A line's task of `available` units, when it is worth something to the booster. */
  const offer = (campaign: Pick<Task, "link" | "network"> & Pick<Campaign, "id" | "strategy">, line: TargetLine, available: number) => {
    if (input.action && line.action !== input.action) return;
    const checkMethod = checkMethodOf(campaign.network, line.action, campaign.link, input.checks ?? NO_CHECKS);
    // The day's YouTube quota is low and API-checked work waits for Google's next day.
    if (checkMethod === "api" && input.checks?.paused) return;
    const quantity = taskQuantity(line.metric, available);
    const reward = quantity > 0 ? priceTask(campaign, line, quantity, prices).reward : 0;
    if (reward <= 0) return;
    tasks.push({
      id: taskId(campaign.id, line.metric),
      campaignId: campaign.id,
      network: campaign.network,
      link: campaign.link,
      metric: line.metric,
      action: line.action,
      type: activityTypeOf(campaign.network, line.action),
      quantity,
      reward,
      checkMethod,
    });
  };
  for (const campaign of open) {
    const lines = invoiceLines({ lines: campaign.lines });
    const units: Record<string, number> = {};
    const mine = new Set<string>();
    for (const [metric, count, byCaller] of campaign.taken) {
      units[metric] = count;
      if (byCaller) mine.add(metric);
    }
    const remaining = remainingByMetric(lines, units);
    const [today, thisHour] = campaign.paceUsed ?? [0, 0];
    const paced = paceLeft(campaign.pace, { today, thisHour }, now);
    for (const line of lines) if (!mine.has(line.metric)) offer(campaign, line, Math.min(remaining[line.metric] ?? 0, paced));
  }
  // Finished campaigns inside their guarantee window: exactly the units the guarantee reopened, at their invoice's price, unpaced.
  for (const campaign of refills) {
    const lines = invoiceLines(campaign.invoice);
    const units = new Map(campaign.units.map((line) => [line.metric, line]));
    const remaining = remainingByMetric(lines, Object.fromEntries(campaign.units.map((line) => [line.metric, line.live])));
    for (const line of lines)
      offer(campaign, line, Math.min(remaining[line.metric] ?? 0, refillOpen(campaign, units.get(line.metric), now)));
  }
  const start = (input.page - 1) * input.perPage;
  return { rows: tasks.slice(start, start + input.perPage), total: tasks.length };
}

/**
 * POST tasks/:id/start. Under the campaign's row lock (every start of the campaign queues there) the
 * line's free units are counted, the activity is made and its budget reserved in the ledger, all in
 * one transaction: a budget that is spent refuses the start (409) and leaves nothing behind.
 */
export async function startTask(ctx: UserCtx, input: { id: string; checks?: Checks; now?: Date }): Promise<Activity> {
  const { db, actor: booster } = ctx;
  const { id } = input;
  assertCanEarn(booster);
  const parsed = parseTaskId(id);
  if (!parsed) throw new AppError("task_not_found");
  const prices = await loadPricing({ db });
  try {
    return await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      // The booster's row first: their starts queue here, so today's count cannot be outrun.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, booster.id)).for("update");
      const { allowance } = await boosterStanding(ctx, { boosterId: booster.id, now: new Date() });
      if (allowance.remaining <= 0) throw new AppError("task_allowance_spent");
      const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, parsed.campaignId)).for("update");
      if (!campaign || campaign.ownerId === booster.id) throw new AppError("task_not_found");
      const line = linesOf(campaign).find((l) => l.metric === parsed.metric);
      if (!line) throw new AppError("task_not_found");
      const now = input.now ?? new Date();
      // A finished campaign offers only the units its guarantee reopened, while the line's window is open (unpaced).
      const refill =
        campaign.status === "active" ? null : await refillOpenNow(ctx, { campaign, metric: line.metric, boosterId: booster.id, now });
      if (refill === 0) throw new AppError("task_unavailable");
      const [taken] = await tx
        .select({ units: sql<number>`coalesce(sum(${activities.quantity}), 0)`.mapWith(Number) })
        .from(activities)
        .where(
          and(eq(activities.campaignId, campaign.id), eq(activities.metric, line.metric), inArray(activities.status, [...liveStatuses])),
        );
      const free = remainingByMetric([line], { [line.metric]: taken?.units ?? 0 })[line.metric] ?? 0;
      const quantity = taskQuantity(line.metric, Math.min(free, refill ?? (await paceLeftNow(ctx, campaign, now))));
      if (quantity === 0) throw new AppError("task_unavailable");
      const { budget, reward, margin } = priceTask(campaign, line, quantity, prices);
      if (reward <= 0) throw new AppError("task_unavailable");
      const checkMethod = checkMethodOf(campaign.network, line.action, campaign.link, input.checks ?? NO_CHECKS);
      if (checkMethod === "api" && input.checks?.paused) throw new AppError("youtube_checks_paused");
      const [activity] = await tx
        .insert(activities)
        .values({
          campaignId: campaign.id,
          boosterId: booster.id,
          metric: line.metric,
          action: line.action,
          type: activityTypeOf(campaign.network, line.action),
          quantity,
          status: "in_progress",
          budget,
          reward,
          postLink: campaign.link,
          checkMethod,
          refill: refill !== null,
          expiresAt: new Date(Date.now() + TASK_TTL_MINUTES * 60_000),
        })
        .returning();
      const transfers = await reserve(ctx, campaign, activity!, margin);
      const [reserved] = await tx.update(activities).set(transfers).where(eq(activities.id, activity!.id)).returning();
      return reserved!;
    });
  } catch (error) {
    // activities_one_live_per_line_idx: this booster already holds this line.
    if (uniqueViolation(error) !== null) throw new AppError("task_already_taken");
    // The escrow cannot cover another task: the budget is spent.
    if (error instanceof AppError && error.code === "insufficient_funds") throw new AppError("task_unavailable");
    throw error;
  }
}
