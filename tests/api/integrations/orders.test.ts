import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, campaigns } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";

// Issue 36 item 2: the order API for programs, with an API key as bearer: the catalogue and the balance
// (read), a campaign paid from the wallet (create and spend; idempotent under parallel retries), its status.

const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.37.${serial % 250}` }));

describe("the order API", () => {
  it("read: the catalogue and the balance; a read key creates nothing; no key or a session is 401", async ({ call, get, person }) => {
    const me = await person(3_000_000);
    const read = (await call("integrations/keys", { name: "Reader", scopes: ["read"] }, { token: me.token })).body.data.secret;
    const services = await get("orders/services", read);
    expect(services.status).toBe(200);
    expect(services.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          network: "youtube",
          action: "like",
          min: 1,
          max: 1_000_000,
          pacing: { per_day_max: 1_000_000, per_hour_max: 1_000_000 },
        }),
      ]),
    );
    expect((await get("orders/balance", read)).body.data).toEqual({ wallet_balance: 3_000_000, currency: "IRR" });
    const refused = await call("orders", smartCampaign, { token: read });
    expect([refused.status, refused.body.error!.code]).toEqual([403, "api_key_scope_missing"]);
    expect((await get("orders/balance")).body.error!.code).toBe("api_key_invalid");
    expect((await get("orders/balance", me.token)).status).toBe(401);

    // The document says so for every order route: the key's scheme and its refusals (apiRoute, from the gate).
    const document = (await get("openapi.json")).body as unknown as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.includes("/orders"))
      .flatMap(([, byMethod]) => Object.values(byMethod));
    expect(operations).toHaveLength(7);
    for (const operation of operations) {
      expect(operation.security).toEqual([{ apiKey: [] }]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["401", "403", "429"]));
    }
  });

  it("create without spend pays nothing; create and spend: 20 parallel retries make one campaign and pay once", async ({
    database,
    call,
    get,
    person,
  }) => {
    const me = await person(5_000_000);
    const createOnly = (await call("integrations/keys", { name: "Bot", scopes: ["create"] }, { token: me.token })).body.data.secret;
    const noSpend = await call("orders", smartCampaign, { token: createOnly });
    expect([noSpend.status, noSpend.body.error!.code]).toEqual([403, "api_key_scope_missing"]);
    const viaGateway = await call("orders", { ...smartCampaign, gateway: "sandbox" }, { token: createOnly });
    expect(viaGateway.status).toBe(422);

    const buyer = (await call("integrations/keys", { name: "Panel", scopes: ["read", "create", "spend"] }, { token: me.token })).body.data
      .secret;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("orders", smartCampaign, { token: buyer, headers: { "idempotency-key": "order-1" } })),
    );
    const made = answers.filter((answer) => answer.status === 201);
    expect(made.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const ids = new Set(made.map((answer) => answer.body.data.id));
    expect(ids.size).toBe(1);
    expect(await database.db.select().from(campaigns).where(eq(campaigns.ownerId, me.user.id))).toHaveLength(1);
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).wallet).toBe(3_000_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);

    const [id] = [...ids];
    const placed = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(placed.map((entry) => entry.action)).toEqual(["api_key.order_placed"]);
    const one = await get(`orders/${id}`, buyer);
    expect(one.body.data).toMatchObject({ id, status: "awaiting_review", budget: 2_000_000 });
    const other = await person();
    const theirs = (await call("integrations/keys", { name: "Other", scopes: ["read"] }, { token: other.token })).body.data.secret;
    expect((await get(`orders/${id}`, theirs)).status).toBe(404);
  });

  it("cancel: a running order ends and its remainder goes back to the wallet once; the status counts its units", async ({
    database,
    call,
    get,
    person,
    admin,
  }) => {
    const me = await person(5_000_000);
    const key = (await call("integrations/keys", { name: "Panel", scopes: ["read", "create", "spend"] }, { token: me.token })).body.data
      .secret;
    const units = {
      ...smartCampaign,
      name: "Likes",
      strategy: "units",
      link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      action: "like",
      quantity: 200,
    };
    const created = await call("orders", units, { token: key });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    // What the escrow holds for the boosters' work: the budget less the platform's fee.
    const paid = (created.body.data.budget as number) - (created.body.data.invoice.fee as number);
    const status = await get(`orders/${id}`, key);
    expect(status.body.data.units).toEqual({ start_count: null, bought: 200, delivered: 0, remains: 200, dropped: 0, refilled: 0 });

    // In review: not running yet, nothing moves.
    const early = await call(`orders/${id}/cancel`, {}, { token: key });
    expect([early.status, early.body.error!.code]).toEqual([409, "campaign_transition_invalid"]);
    const adminToken = await admin();
    expect((await call(`admin/campaigns/${id}/approve`, {}, { token: adminToken })).status).toBe(200);

    const reader = (await call("integrations/keys", { name: "Reader", scopes: ["read"] }, { token: me.token })).body.data.secret;
    expect((await call(`orders/${id}/cancel`, {}, { token: reader })).status).toBe(403);
    const stranger = await person();
    const theirs = (await call("integrations/keys", { name: "Theirs", scopes: ["read", "create"] }, { token: stranger.token })).body.data
      .secret;
    expect((await call(`orders/${id}/cancel`, {}, { token: theirs })).status).toBe(404);

    const before = (await balancesOf({ db: database.db }, { userId: me.user.id })).wallet;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(`orders/${id}/cancel`, {}, { token: key, headers: { "idempotency-key": "cancel-1" } })),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    const done = answers.find((answer) => answer.status === 200)!;
    expect(done.body.data.refunded).toBe(paid);
    expect(done.body.data.order).toMatchObject({ id, status: "paid" });
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).wallet).toBe(before + paid);
    const again = await call(`orders/${id}/cancel`, {}, { token: key });
    expect([again.status, again.body.error!.code]).toEqual([409, "campaign_transition_invalid"]);
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).wallet).toBe(before + paid);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
    const audited = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audited.map((entry) => entry.action).sort()).toEqual(["api_key.order_canceled", "api_key.order_placed", "campaign.approve"]);
  });
});
