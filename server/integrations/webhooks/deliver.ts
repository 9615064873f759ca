import { sql } from "drizzle-orm";
import { WEBHOOK_RETRY_HOURS } from "@/lib/schemas/webhooks";
import type { WebhookDeliveryEvent } from "@/lib/schemas/enums";
import { withTransaction, type DbCtx } from "@/server/core/context";
import type { Db } from "@/server/db";
import { notify } from "@/server/notifications";
import { postWebhook, type Attempt, type WebhookPoster } from "./send";

/** Deliveries one look claims (and sends at once, in parallel). */
const BATCH = 100;
/** How long a claimed attempt is another instance's to leave alone (longer than an attempt's timeout). */
const CLAIM_SECONDS = 60;
const HOUR_MS = 3_600_000;

/** The wait before attempt n + 1 after n failed: 30 s doubling, at most an hour (some 30 attempts in 24 hours). */
export const retryDelayMs = (attempts: number) => Math.min(HOUR_MS, 30_000 * 2 ** Math.max(0, attempts - 1));

type Claimed = {
  id: string;
  endpoint_id: string;
  event: WebhookDeliveryEvent;
  data: Record<string, unknown>;
  created_at: string | Date;
  attempts: number;
  retry_from: string | Date;
  url: string;
  secret: string;
};

/** What a delivery's body is: the same at every attempt (the signature is what changes). */
export function webhookBody(delivery: Pick<Claimed, "id" | "event" | "data" | "created_at">): string {
  return JSON.stringify({
    id: delivery.id,
    event: delivery.event,
    created_at: new Date(delivery.created_at).toISOString(),
    data: delivery.data,
  });
}

/** Takes up to `limit` due deliveries of active endpoints for this instance (others skip them). */
async function claimDue(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const { rows } = await db.execute<Claimed>(sql`
    update webhook_deliveries d set claimed_until = ${now}::timestamptz + ${`${CLAIM_SECONDS} seconds`}::interval, attempts = d.attempts + 1
    from webhook_endpoints e
    where d.id in (
      select id from webhook_deliveries
      where state = 'pending' and next_attempt_at <= ${now}::timestamptz and (claimed_until is null or claimed_until < ${now}::timestamptz)
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ) and e.id = d.endpoint_id and e.disabled_at is null
    returning d.id, d.endpoint_id, d.event, d.data, d.created_at, d.attempts, d.retry_from, e.url, e.secret`);
  return rows;
}

export type DrainOutcome = { delivered: number; retrying: number; failed: number; disabled: number };

const received = (attempt: Attempt) => "status" in attempt && attempt.status >= 200 && attempt.status < 300;

/** Records the attempts that arrived, all in one statement (the common case: one round trip a batch). */
async function recordReceived(db: Db, arrived: { delivery: Claimed; status: number }[], now: Date): Promise<void> {
  if (arrived.length === 0) return;
  const ids = arrived.map(({ delivery }) => delivery.id).join(",");
  const statuses = arrived.map(({ status }) => status).join(",");
  await db.execute(sql`
    with outcome as (
      select id::uuid, status::int from unnest(string_to_array(${ids}::text, ','), string_to_array(${statuses}::text, ',')) as o(id, status)
    ), done as (
      update webhook_deliveries d set state = 'delivered', delivered_at = ${now}::timestamptz, last_status = o.status, last_error = null, claimed_until = null
      from outcome o where d.id = o.id
      returning d.endpoint_id
    )
    update webhook_endpoints set failing_since = null where id in (select endpoint_id from done) and failing_since is not null`);
}

/** Records a failed attempt: to be retried, or given up after 24 hours (then the endpoint may be disabled). */
async function recordFailure(db: Db, delivery: Claimed, attempt: Attempt, now: Date, outcome: DrainOutcome): Promise<void> {
  const status = "status" in attempt ? attempt.status : null;
  const error = "error" in attempt ? attempt.error : null;
  const givenUp = now.getTime() - new Date(delivery.retry_from).getTime() >= WEBHOOK_RETRY_HOURS * HOUR_MS;
  const next = new Date(now.getTime() + retryDelayMs(delivery.attempts));
  const { rows } = await db.execute<{ failing_since: string | Date; user_id: string }>(sql`
    with failed as (
      update webhook_deliveries set state = ${givenUp ? "failed" : "pending"}, next_attempt_at = ${next}::timestamptz,
        last_status = ${status}, last_error = ${error}, claimed_until = null
      where id = ${delivery.id}::uuid
    )
    update webhook_endpoints set failing_since = coalesce(failing_since, ${now}::timestamptz)
    where id = ${delivery.endpoint_id}::uuid and disabled_at is null
    returning failing_since, user_id`);
  if (givenUp) outcome.failed++;
  else outcome.retrying++;
  const endpoint = rows[0];
  if (endpoint && now.getTime() - new Date(endpoint.failing_since).getTime() >= WEBHOOK_RETRY_HOURS * HOUR_MS) {
    if (await disable({ db }, { id: delivery.endpoint_id, userId: endpoint.user_id, now })) outcome.disabled++;
  }
}

/**
 * Disables an endpoint that has failed for 24 hours: what it still had pending is given up, and its
 * owner is told (a notification in their language, with a link to the integrations page). Once.
 */
async function disable(ctx: DbCtx, input: { id: string; userId: string; now: Date }): Promise<boolean> {
  return withTransaction(ctx, async (ctx) => {
    const { rows } = await ctx.tx.execute<{ url: string }>(sql`
      update webhook_endpoints set disabled_at = ${input.now}::timestamptz where id = ${input.id}::uuid and disabled_at is null returning url`);
    const endpoint = rows[0];
    if (!endpoint) return false;
    await ctx.tx.execute(sql`
      update webhook_deliveries set state = 'failed', last_error = coalesce(last_error, 'endpoint_disabled'), claimed_until = null
      where endpoint_id = ${input.id}::uuid and state = 'pending'`);
    await notify(ctx, {
      userId: input.userId,
      kind: "webhook_disabled",
      params: { url: endpoint.url },
      dedupeKey: `webhook:${input.id}:disabled:${input.now.toISOString()}`,
    });
    return true;
  });
}

/**
 * Sends what is due until nothing is due or the time is up, up to BATCH attempts in flight (a slow
 * receiver holds only its own: the others' places are claimed again as they finish); what arrived is
 * recorded a batch at a time. With `waitForDue` (the minute's scheduled run) it keeps looking every
 * second until then, so a delivery leaves about a second after its commit. Any instance may run it:
 * each claims its own rows (skip locked).
 */
export async function drainWebhooks(
  ctx: { db: Db },
  input: { now: () => Date; post?: WebhookPoster; signal?: AbortSignal; waitForDue?: boolean; budgetMs?: number },
): Promise<DrainOutcome> {
  const { db } = ctx;
  const post = input.post ?? postWebhook;
  const outcome: DrainOutcome = { delivered: 0, retrying: 0, failed: 0, disabled: 0 };
  const deadline = Date.now() + (input.budgetMs ?? 55_000);
  const inFlight = new Set<Promise<void>>();
  const arrived: { delivery: Claimed; status: number }[] = [];
  const flush = async () => {
    const batch = arrived.splice(0);
    await recordReceived(db, batch, input.now());
    outcome.delivered += batch.length;
  };
  while (!input.signal?.aborted && Date.now() < deadline) {
    const room = BATCH - inFlight.size;
    const due = room > 0 ? await claimDue(db, input.now(), room) : [];
    for (const delivery of due) {
      const sending = (async () => {
        const attempt = await post({
          url: delivery.url,
          secret: delivery.secret,
          id: delivery.id,
          body: webhookBody(delivery),
          now: input.now(),
        });
        if (received(attempt)) arrived.push({ delivery, status: (attempt as { status: number }).status });
        else await recordFailure(db, delivery, attempt, input.now(), outcome);
      })().finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
    if (arrived.length > 0) await flush();
    if (due.length === room && room > 0) continue;
    if (inFlight.size > 0) await Promise.race(inFlight);
    else if (input.waitForDue) await new Promise((resolve) => setTimeout(resolve, 1_000));
    else break;
  }
  await Promise.all(inFlight);
  await flush();
  return outcome;
}

const kicks = new WeakMap<Db, { again: boolean }>();
/**
 * Sends what is due now, in the background, on this instance (after a ping or a resend commits); a
 * kick while a run is under way makes it look once more when it ends, so nothing waits for the job.
 */
export function kickWebhooks(db: Db, post: WebhookPoster | null): void {
  if (!post) return;
  const running = kicks.get(db);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  kicks.set(db, state);
  const run = async () => {
    do {
      state.again = false;
      await drainWebhooks({ db }, { now: () => new Date(), post, budgetMs: 15_000 });
    } while (state.again);
  };
  void run()
    .catch((error: unknown) => console.error("[webhooks] a delivery run failed:", error instanceof Error ? error.message : error))
    .finally(() => kicks.delete(db));
}
