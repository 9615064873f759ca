import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { WEBHOOK_ENDPOINTS_MAX, type createWebhookInput } from "@/lib/schemas/webhooks";
import { AppError } from "@/server/core/errors";
import { env } from "@/server/core/env";
import { executor, withTransaction, type DbCtx, type UserCtx } from "@/server/core/context";
import { paged } from "@/server/db/paged";
import { webhookDeliveries, webhookEndpoints, type WebhookDelivery, type WebhookEndpoint } from "@/server/db/schema";
import { resolvesPublicly } from "./address";
import { newWebhookSecret } from "./signature";

/** A member's endpoints, newest first. */
export async function listWebhooks(ctx: DbCtx, input: { userId: string }): Promise<WebhookEndpoint[]> {
  return executor(ctx)
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, input.userId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

/**
 * Registers an endpoint and answers its signing secret (the only time it is shown). Refused: an
 * address without https (422 webhook_https_required), an address that resolves into a loopback, private or link-local range (422 webhook_address_refused;
 * deliveries check again as they connect), more than WEBHOOK_ENDPOINTS_MAX endpoints (409, counted
 * under a lock on the member's endpoints). Units already delivered are not announced again: the
 * member's campaigns are marked where they stand.
 */
export async function createWebhook(
  ctx: UserCtx,
  input: { request: z.output<typeof createWebhookInput> },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const { url, events } = input.request;
  // Deliveries are encrypted: http only for a receiver in tests (WEBHOOKS_ALLOW_PRIVATE).
  if (new URL(url).protocol !== "https:" && !env.WEBHOOKS_ALLOW_PRIVATE) throw new AppError("webhook_https_required", {}, { url: null });
  if (!(await resolvesPublicly(new URL(url)))) throw new AppError("webhook_address_refused", {}, { url: null });
  const secret = newWebhookSecret();
  return withTransaction(ctx, async ({ tx, actor }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${actor.id}`}))`);
    const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, actor.id));
    if ((held?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw new AppError("webhooks_limit", { max: WEBHOOK_ENDPOINTS_MAX });
    const [endpoint] = await tx.insert(webhookEndpoints).values({ userId: actor.id, url, events, secret }).returning();
    await tx.execute(sql`
      insert into webhook_unit_marks (campaign_id, delivered, dropped, refilled)
      select d.campaign_id, sum(d.delivered), sum(d.dropped), sum(d.refilled)
      from campaign_delivery_days d join campaigns c on c.id = d.campaign_id
      where c.owner_id = ${actor.id}
      group by d.campaign_id
      on conflict (campaign_id) do nothing`);
    return { endpoint: endpoint!, secret };
  });
}

/** The caller's endpoint, or 404 for anyone else's. */
async function ownEndpoint(ctx: DbCtx, input: { userId: string; id: string }): Promise<WebhookEndpoint> {
  const [endpoint] = await executor(ctx)
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, input.id), eq(webhookEndpoints.userId, input.userId)));
  if (!endpoint) throw new AppError("not_found");
  return endpoint;
}

/** Deletes an endpoint with its delivery log: nothing more is sent to it. */
export async function removeWebhook(ctx: UserCtx, input: { id: string }): Promise<void> {
  const deleted = await executor(ctx)
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, input.id), eq(webhookEndpoints.userId, ctx.actor.id)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw new AppError("not_found");
}

/** Enables a disabled endpoint again, its failures forgotten (what was given up stays in the log). */
export async function enableWebhook(ctx: UserCtx, input: { id: string }): Promise<WebhookEndpoint> {
  await ownEndpoint(ctx, { userId: ctx.actor.id, id: input.id });
  const [endpoint] = await executor(ctx)
    .update(webhookEndpoints)
    .set({ disabledAt: null, failingSince: null })
    .where(and(eq(webhookEndpoints.id, input.id), eq(webhookEndpoints.userId, ctx.actor.id)))
    .returning();
  return endpoint!;
}

/** Queues a `ping` to the endpoint (409 conflict while it is disabled: enable it first). */
export async function pingWebhook(ctx: UserCtx, input: { id: string }): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(ctx, { userId: ctx.actor.id, id: input.id });
  if (endpoint.disabledAt) throw new AppError("conflict");
  const [delivery] = await executor(ctx)
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint.id, event: "ping", data: { webhook_id: endpoint.id }, dedupeKey: `ping:${crypto.randomUUID()}` })
    .returning();
  return delivery!;
}

/** An endpoint's deliveries, newest first, a page at a time. */
export async function listDeliveries(ctx: DbCtx, input: { userId: string; id: string; page: number; perPage: number }) {
  await ownEndpoint(ctx, input);
  const db = executor(ctx);
  return paged(
    db,
    { from: webhookDeliveries, where: eq(webhookDeliveries.endpointId, input.id), page: input.page, perPage: input.perPage },
    (where) => db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)),
  );
}

/**
 * Delivers one again as soon as possible: the same id and body, a new signature, its 24 hours of
 * retries started again (409 conflict while the endpoint is disabled, or while an attempt runs).
 */
export async function resendDelivery(ctx: UserCtx, input: { id: string; deliveryId: string }): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(ctx, { userId: ctx.actor.id, id: input.id });
  if (endpoint.disabledAt) throw new AppError("conflict");
  const [delivery] = await executor(ctx)
    .update(webhookDeliveries)
    .set({ state: "pending", retryFrom: sql`now()`, nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(webhookDeliveries.id, input.deliveryId),
        eq(webhookDeliveries.endpointId, endpoint.id),
        sql`(${webhookDeliveries.claimedUntil} is null or ${webhookDeliveries.claimedUntil} < now())`,
      ),
    )
    .returning();
  if (delivery) return delivery;
  const [exists] = await executor(ctx)
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.id, input.deliveryId), eq(webhookDeliveries.endpointId, endpoint.id), isNull(webhookDeliveries.deliveredAt)),
    );
  throw new AppError(exists ? "conflict" : "not_found");
}
