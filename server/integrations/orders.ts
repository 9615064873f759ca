import { and, eq, sql } from "drizzle-orm";
import type { OrderView } from "@/lib/schemas/integrations";
import { invoiceLines, progressOf } from "@/lib/campaigns/progress";
import { AppError } from "@/server/core/errors";
import { executor, withTransaction, type DbCtx, type UserCtx } from "@/server/core/context";
import { campaigns, type Campaign } from "@/server/db/schema";
import { balancesOf } from "@/server/ledger";
import { applyCampaignEvent, toCampaignOutput } from "@/server/campaigns";
import { campaignGuaranteeEnd } from "@/server/activities";
import { auditKeyOrder, type KeyCaller } from "@/server/integrations/keys";

/**
 * An order of a key's owner: their own campaign only (404 campaign_not_found for anyone else's, an
 * admin's key included: a key acts as a producer, never as the back office).
 */
export async function ownOrder(ctx: DbCtx, input: { userId: string; id: string }): Promise<Campaign> {
  const [campaign] = await executor(ctx)
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, input.id), eq(campaigns.ownerId, input.userId)));
  if (!campaign) throw new AppError("campaign_not_found");
  return campaign;
}

type Rollup = { dropped: number; refilled: number };

async function ownOrderWithUnits(ctx: DbCtx, input: { userId: string; id: string }): Promise<{ campaign: Campaign; rollup: Rollup }> {
  const [row] = await executor(ctx)
    .select({
      campaign: campaigns,
      rollup: sql<Rollup>`(select json_build_object('dropped', coalesce(sum(d.dropped), 0), 'refilled', coalesce(sum(d.refilled), 0))
        from campaign_delivery_days d where d.campaign_id = ${campaigns.id})`,
    })
    .from(campaigns)
    .where(and(eq(campaigns.id, input.id), eq(campaigns.ownerId, input.userId)));
  if (!row) throw new AppError("campaign_not_found");
  return { campaign: row.campaign, rollup: typeof row.rollup === "string" ? (JSON.parse(row.rollup) as Rollup) : row.rollup };
}

/** The network's counter of a one-action order when it started (the action's metric among the counts read). */
export function startCountOf(campaign: Pick<Campaign, "invoice" | "networkStart">): number | null {
  const lines = invoiceLines(campaign.invoice);
  if (lines.length !== 1 || !campaign.networkStart) return null;
  const counted = (campaign.networkStart as Record<string, unknown>)[lines[0]!.metric];
  return typeof counted === "number" ? counted : null;
}

/** An order as the order API shows it: the campaign and its units (bought, delivered, remaining, dropped, refilled, start count). */
export function toOrderOutput(campaign: Campaign, rollup: Rollup): OrderView {
  const { units } = progressOf(invoiceLines(campaign.invoice), campaign.delivered);
  return {
    ...toCampaignOutput(campaign),
    units: {
      start_count: startCountOf(campaign),
      bought: units.bought,
      delivered: units.delivered,
      remains: Math.max(0, units.bought - units.delivered),
      dropped: Number(rollup.dropped),
      refilled: Number(rollup.refilled),
    },
  };
}

/** The caller's order with its units (404 campaign_not_found for anyone else's). */
export async function orderStatus(ctx: DbCtx, input: { userId: string; id: string }): Promise<OrderView> {
  const { campaign, rollup } = await ownOrderWithUnits(ctx, input);
  return toOrderOutput(campaign, rollup);
}

/**
 * Cancels a running order (active or paused): the campaign ends now and what its escrow still holds
 * (the undelivered remainder, less work in review, which is paid or refunded as it is decided) goes back
 * to the wallet, in one transaction; the producer is told and the webhooks hear campaign.completed and
 * campaign.refunded. Anything else answers 409 campaign_transition_invalid (in review: decided within a
 * day; already over). A second cancel meanwhile loses on the campaign's row lock with the same 409.
 * Audited with the key that canceled it, in the same transaction.
 */
export async function cancelOrder(
  ctx: UserCtx,
  input: { id: string; caller: KeyCaller; via: "orders" | "v2" },
): Promise<{ order: OrderView; refunded: number }> {
  return withTransaction(ctx, async (ctx) => {
    const campaign = await ownOrder(ctx, { userId: ctx.actor.id, id: input.id });
    if (campaign.status !== "active" && campaign.status !== "paused") throw new AppError("campaign_transition_invalid");
    const before = (await balancesOf(ctx, { userId: ctx.actor.id })).wallet;
    await applyCampaignEvent(ctx, { campaignId: campaign.id, event: "complete" });
    await applyCampaignEvent(ctx, { campaignId: campaign.id, event: "settle" });
    const after = (await balancesOf(ctx, { userId: ctx.actor.id })).wallet;
    await auditKeyOrder(ctx, { caller: input.caller, campaignId: campaign.id, via: input.via, action: "api_key.order_canceled" });
    return { order: await orderStatus(ctx, { userId: ctx.actor.id, id: campaign.id }), refunded: after - before };
  });
}

/** A refill's progress in the panels' words (v2 refill_status; the order API's refill.status). */
export type RefillState = "Pending" | "In progress" | "Completed";

/**
 * Requests a refill (the panels' `refill`, the order API's POST orders/{id}/refill): a finished YouTube
 * order inside its refill guarantee has its released work re-checked at the next guarantee run (hourly)
 * instead of in the window's last days; what was undone reopens for boosters at no cost to the producer.
 * 409 order_refill_unavailable otherwise (not finished, no guarantee or its window over, not checked by
 * YouTube's API, a Trial). Asking again changes nothing.
 */
export async function requestRefill(ctx: UserCtx, input: { id: string; now?: Date }): Promise<{ requestedAt: Date; status: RefillState }> {
  const now = input.now ?? new Date();
  const campaign = await ownOrder(ctx, { userId: ctx.actor.id, id: input.id });
  const end = campaignGuaranteeEnd(campaign);
  const finished = campaign.status === "completed" || campaign.status === "paid";
  if (!finished || campaign.network !== "youtube" || campaign.strategy === "trial" || !end || end <= now)
    throw new AppError("order_refill_unavailable");
  const [updated] = await executor(ctx)
    .update(campaigns)
    .set({ refillRequestedAt: sql`coalesce(${campaigns.refillRequestedAt}, now())` })
    .where(eq(campaigns.id, campaign.id))
    .returning({ requestedAt: campaigns.refillRequestedAt });
  return { requestedAt: updated!.requestedAt!, status: await refillState(ctx, { id: campaign.id }) };
}

/**
 * Where a requested refill stands: Pending while released work waits for its re-check; In progress while
 * units dropped are not yet delivered again; Completed when neither. null when none was requested.
 */
export async function refillStatus(
  ctx: DbCtx,
  input: { userId: string; id: string },
): Promise<{ requestedAt: Date; status: RefillState } | null> {
  const campaign = await ownOrder(ctx, input);
  if (!campaign.refillRequestedAt) return null;
  return { requestedAt: campaign.refillRequestedAt, status: await refillState(ctx, { id: campaign.id }) };
}

async function refillState(ctx: DbCtx, input: { id: string }): Promise<RefillState> {
  const { rows } = await executor(ctx).execute<{ waiting: boolean; open: boolean }>(sql`
    select
      exists (select 1 from activities a where a.campaign_id = ${input.id}::uuid and a.status = 'completed' and a.check_method = 'api'
        and a.guarantee_checked_at is null and a.appealed_at is null) as waiting,
      coalesce((select sum(d.dropped) > sum(d.refilled) from campaign_delivery_days d where d.campaign_id = ${input.id}::uuid), false) as open`);
  const row = rows[0];
  return row?.waiting ? "Pending" : row?.open ? "In progress" : "Completed";
}
