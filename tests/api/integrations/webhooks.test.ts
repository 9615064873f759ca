import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { notifications, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { announceUnits, drainWebhooks, retryDelayMs, verifyWebhook } from "@/server/integrations";
import { webhookPoster } from "@/server/integrations/webhooks/send";
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_ID_HEADER } from "@/lib/schemas/webhooks";
import { apiTest } from "@/tests/api/support/fixture";

// Issue 36 item 4: signed webhooks against a receiver on 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE, as tests may):
// the signature verifies as docs/api.md says, campaign events leave with their commit, units come batched,
// failures retry with backoff for 24 hours (a test clock), then the endpoint is disabled and its owner told.

type Received = { id: string; signature: string; body: string };
const received: Received[] = [];
let answer: (request: IncomingMessage) => number | "hang" | "trickle" = () => 200;
let receiver: Server;
let url = "";

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({
        id: String(request.headers[WEBHOOK_ID_HEADER.toLowerCase()]),
        signature: String(request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]),
        body,
      });
      const status = answer(request);
      if (status === "trickle") {
        // An answer that never ends: a byte every 100 ms, so no silence ever reaches the socket's timeout.
        response.writeHead(200);
        const drip = setInterval(() => response.write(" "), 100);
        response.on("close", () => clearInterval(drip));
      } else if (status !== "hang") response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
afterEach(() => {
  vi.unstubAllEnvs();
  received.length = 0;
  answer = () => 200;
});

// No sending at once after a ping (webhooks: null): each test sends with drainWebhooks on its own clock.
const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.38.${serial % 250}` })).override("appDeps", { webhooks: null });
const post = webhookPoster({ timeoutMs: 300 });

describe("webhooks", () => {
  it("an endpoint into a private network is refused unless tests allow it; a ping arrives signed and is logged", async ({
    call,
    get,
    person,
    fresh,
  }) => {
    const me = await person();
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE", "false");
    for (const address of [
      url.replace("http:", "https:"),
      "https://10.0.0.1/hook",
      "https://[::1]/hook",
      "https://169.254.169.254/latest",
      "https://localhost/x",
    ]) {
      const refused = await call("integrations/webhooks", { url: address, events: ["campaign.approved"] }, { token: me.token });
      expect([address, refused.status, refused.body.error!.code]).toEqual([address, 422, "webhook_address_refused"]);
    }
    expect((await call("integrations/webhooks", { url: "ftp://example.com/x", events: ["ping"] }, { token: me.token })).status).toBe(422);
    const plain = await call("integrations/webhooks", { url: "http://example.com/x", events: ["campaign.approved"] }, { token: me.token });
    expect([plain.status, plain.body.error!.code]).toEqual([422, "webhook_https_required"]);
    expect(await fresh.db.select().from(webhookEndpoints)).toHaveLength(0);

    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE", "true");
    const created = await call("integrations/webhooks", { url, events: ["campaign.approved", "units.delivered"] }, { token: me.token });
    expect(created.status).toBe(201);
    const { webhook, secret } = created.body.data as { webhook: { id: string; state: string }; secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(webhook.state).toBe("active");
    expect(JSON.stringify((await get("integrations/webhooks", me.token)).body)).not.toContain(secret);

    const ping = await call(`integrations/webhooks/${webhook.id}/ping`, {}, { token: me.token });
    expect(ping.status).toBe(201);
    await drainWebhooks({ db: fresh.db }, { now: () => new Date(), post });
    const [delivery] = received;
    expect(delivery!.id).toBe(ping.body.data.id);
    expect(verifyWebhook(secret, delivery!.body, delivery!.signature)).toBe(true);
    expect(verifyWebhook("whsec_other", delivery!.body, delivery!.signature)).toBe(false);
    expect(verifyWebhook(secret, `${delivery!.body} `, delivery!.signature)).toBe(false);
    // A delivery replayed more than 5 minutes later is rejected by the documented check.
    expect(verifyWebhook(secret, delivery!.body, delivery!.signature, Math.floor(Date.now() / 1000) + 301)).toBe(false);
    expect(JSON.parse(delivery!.body)).toMatchObject({ id: ping.body.data.id, event: "ping", data: { webhook_id: webhook.id } });

    const log = await get(`integrations/webhooks/${webhook.id}/deliveries`, me.token);
    expect(log.body.data).toEqual([expect.objectContaining({ id: ping.body.data.id, state: "delivered", attempts: 1, last_status: 200 })]);
    // Someone else sees none of it.
    const other = await person();
    expect((await get(`integrations/webhooks/${webhook.id}/deliveries`, other.token)).status).toBe(404);
    expect((await call(`integrations/webhooks/${webhook.id}/ping`, {}, { token: other.token })).status).toBe(404);
    expect((await call(`integrations/webhooks/${webhook.id}`, null, { method: "DELETE", token: other.token })).status).toBe(404);
    expect(
      (await call(`integrations/webhooks/${webhook.id}/deliveries/${ping.body.data.id}/resend`, {}, { token: other.token })).status,
    ).toBe(404);
  });

  it("a campaign's approval is delivered once, in the transaction's outcome; units arrive batched per campaign", async ({
    call,
    person,
    approvedCampaign,
    fresh,
  }) => {
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE", "true");
    const producer = await person(5_000_000);
    const hook = await call(
      "integrations/webhooks",
      { url, events: ["campaign.approved", "units.delivered", "units.dropped"] },
      { token: producer.token },
    );
    const { id } = await approvedCampaign(undefined, async () => producer);
    await drainWebhooks({ db: fresh.db }, { now: () => new Date(), post });
    expect(received.map((r) => JSON.parse(r.body) as { event: string; data: { campaign_id: string } })).toEqual([
      expect.objectContaining({ event: "campaign.approved", data: expect.objectContaining({ campaign_id: id }) }),
    ]);
    received.length = 0;

    // Units: what the rollup grew by since the last minute, one delivery per event and campaign.
    const day = sql`((now() at time zone 'UTC') + interval '210 minutes')::date`;
    await fresh.db.execute(sql`insert into campaign_delivery_days (campaign_id, day, delivered) values (${id}::uuid, ${day}, 7)`);
    expect(await announceUnits({ db: fresh.db })).toBe(1);
    expect(await announceUnits({ db: fresh.db })).toBe(0);
    await fresh.db.execute(sql`update campaign_delivery_days set delivered = delivered + 5, dropped = 2 where campaign_id = ${id}::uuid`);
    expect(await announceUnits({ db: fresh.db })).toBe(2);
    await drainWebhooks({ db: fresh.db }, { now: () => new Date(), post });
    const units = received.map((r) => JSON.parse(r.body) as { event: string; data: { units: number; total: number } });
    expect(units.map((u) => [u.event, u.data.units, u.data.total]).sort()).toEqual([
      ["units.delivered", 5, 12],
      ["units.delivered", 7, 7],
      ["units.dropped", 2, 2],
    ]);
    const hookId = (hook.body.data as { webhook: { id: string } }).webhook.id;
    const rows = await fresh.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hookId));
    expect(rows.every((row) => row.state === "delivered")).toBe(true);
  });

  it("failures retry with backoff for 24 hours; then the endpoint is disabled, its owner told; resend and enable", async ({
    call,
    get,
    person,
    fresh,
  }) => {
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE", "true");
    const me = await person();
    const created = await call("integrations/webhooks", { url, events: ["campaign.approved"] }, { token: me.token });
    const hookId = (created.body.data as { webhook: { id: string } }).webhook.id;
    const ping = (await call(`integrations/webhooks/${hookId}/ping`, {}, { token: me.token })).body.data as { id: string };
    const start = Date.now();
    let clock = new Date(start);
    const at = () => clock;
    const row = async () => (await fresh.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, ping.id)))[0]!;

    answer = () => 500;
    await drainWebhooks({ db: fresh.db }, { now: at, post });
    let now = await row();
    expect([now.state, now.attempts, now.lastStatus]).toEqual(["pending", 1, 500]);
    expect(now.nextAttemptAt.getTime() - clock.getTime()).toBe(retryDelayMs(1));
    // Not due yet: nothing is sent.
    await drainWebhooks({ db: fresh.db }, { now: at, post });
    expect(received).toHaveLength(1);

    // A receiver that does not answer in time: retried too (the attempt's outcome is unknown; the id dedupes).
    answer = () => "hang";
    clock = new Date(now.nextAttemptAt.getTime() + 1);
    await drainWebhooks({ db: fresh.db }, { now: at, post });
    now = await row();
    expect([now.state, now.attempts, now.lastStatus, now.lastError]).toEqual(["pending", 2, null, "timeout"]);
    expect(now.nextAttemptAt.getTime() - clock.getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    // 24 hours of failures: given up, the endpoint disabled and its owner told once.
    answer = () => 503;
    clock = new Date(start + 24 * 3_600_000 + 1_000);
    await drainWebhooks({ db: fresh.db }, { now: at, post });
    now = await row();
    expect(now.state).toBe("failed");
    const [endpoint] = await fresh.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hookId));
    expect(endpoint!.disabledAt).not.toBeNull();
    const told = await fresh.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.user.id), eq(notifications.kind, "webhook_disabled")));
    expect(told).toHaveLength(1);
    expect((await get("integrations/webhooks", me.token)).body.data[0]).toMatchObject({ state: "disabled" });
    expect((await call(`integrations/webhooks/${hookId}/ping`, {}, { token: me.token })).status).toBe(409);

    // Fixed on the receiver's side: enable, resend the same delivery (same id and body, new signature).
    answer = () => 204;
    expect((await call(`integrations/webhooks/${hookId}/enable`, {}, { token: me.token })).body.data).toMatchObject({ state: "active" });
    const resent = await call(`integrations/webhooks/${hookId}/deliveries/${ping.id}/resend`, {}, { token: me.token });
    expect([resent.status, resent.body.data.state]).toEqual([200, "pending"]);
    received.length = 0;
    await drainWebhooks({ db: fresh.db }, { now: () => new Date(), post });
    expect(received.map((r) => r.id)).toEqual([ping.id]);
    expect((await row()).state).toBe("delivered");
  });

  it("an attempt is cut off after its time even when the receiver never falls silent", async () => {
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE", "true");
    answer = () => "trickle";
    const started = Date.now();
    const attempt = await post({ url, secret: "whsec_x", id: "d1", body: "{}", now: new Date() });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(attempt).toBeDefined();
  });

  it("an address that turns private after registering is refused when delivering (checked as it connects)", async ({
    call,
    person,
    fresh,
  }) => {
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE", "true");
    const me = await person();
    const created = await call(
      "integrations/webhooks",
      { url: url.replace("127.0.0.1", "localhost"), events: ["campaign.approved"] },
      { token: me.token },
    );
    const hookId = (created.body.data as { webhook: { id: string } }).webhook.id;
    await call(`integrations/webhooks/${hookId}/ping`, {}, { token: me.token });
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE", "false");
    await drainWebhooks({ db: fresh.db }, { now: () => new Date(), post });
    expect(received).toHaveLength(0);
    const [delivery] = await fresh.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hookId));
    expect([delivery!.state, delivery!.lastError]).toEqual(["pending", "address_refused"]);
  });
});
