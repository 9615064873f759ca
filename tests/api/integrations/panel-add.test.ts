import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, campaigns, users } from "@/server/db/schema";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { loadPricing } from "@/server/campaigns";
import { apiTest } from "@/tests/api/support/fixture";

// Issue 36 item 3: the panels' `add` (a service, a link, a quantity) as a `units` campaign paid from the
// wallet, exactly once under retries with an Idempotency-Key; its status in the panels' words.

const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.38.${serial % 250}` }));
const VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
type Panel = { order?: string; error?: string; status?: string; remains?: string; charge?: string };

describe("v2 add", () => {
  it("buys N units of one action from the wallet; bad service, link, quantity and scopes answer { error }", async ({
    database,
    call,
    person,
  }) => {
    const me = await person(5_000_000);
    const keyOf = async (scopes: string[]) =>
      (await call("integrations/keys", { name: "Panel", scopes }, { token: me.token })).body.data.secret as string;
    const buyer = await keyOf(["read", "create", "spend"]);
    const v2 = async (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      (await call("v2", { key: buyer, ...fields }, { headers })).body as unknown as Panel;

    const like = (await loadPricing({ db: database.db })).find((price) => price.network === "youtube" && price.action === "like")!;
    const added = await v2({ action: "add", service: "youtube.like", link: VIDEO, quantity: "100" });
    expect(added.order).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, added.order!));
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, added.order!));
    expect(audit).toMatchObject({ action: "api_key.order_placed", actorId: me.user.id, details: { via: "v2" } });
    expect(row).toMatchObject({ strategy: "units", status: "awaiting_review", ownerId: me.user.id });
    // Its title in the producer's language: "YouTube: 100 × Like" (Persian digits in fa-IR), not the service's code.
    const [owner] = await database.db.select().from(users).where(eq(users.id, me.user.id));
    const words = owner!.locale === "fa-IR" ? faIR : enUS;
    expect(row!.name).toContain(words.campaigns.networks.youtube);
    expect(row!.name).toContain(words.campaigns.activities.actions.like);
    expect(row!.name).toContain(owner!.locale === "fa-IR" ? "۱۰۰" : "100");
    expect(row!.name).not.toContain("youtube.like");
    const cost = row!.budget;
    expect(cost).toBe(100 * like.price + Math.floor((100 * like.price) / 10));
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).wallet).toBe(5_000_000 - cost);
    expect(await v2({ action: "status", order: added.order! })).toEqual({
      charge: String(cost),
      start_count: "0",
      status: "Pending",
      remains: "100",
      currency: "IRR",
    });

    expect(await v2({ action: "add", service: "youtube.dance", link: VIDEO, quantity: "100" })).toEqual({ error: "Incorrect service" });
    expect(await v2({ action: "add", service: "youtube.like", link: "https://example.com/x", quantity: "100" })).toEqual({
      error: "Incorrect link",
    });
    expect(await v2({ action: "add", service: "youtube.like", link: VIDEO, quantity: "0" })).toEqual({ error: "Incorrect quantity" });
    const huge = await v2({ action: "add", service: "youtube.like", link: VIDEO, quantity: "1000000" });
    expect(huge.error).toMatch(/wallet|balance/i);
    // Drip-feed: 5 runs of 20, 30 minutes apart: 100 units at 40 an hour; a day apart: 20 a day.
    const dripped = await v2({ action: "add", service: "youtube.like", link: VIDEO, quantity: "20", runs: "5", interval: "30" });
    const [paced] = await database.db.select().from(campaigns).where(eq(campaigns.id, dripped.order!));
    expect(paced!.pace).toMatchObject({ perHour: 40, perDay: null });
    expect(await v2({ action: "status", order: dripped.order! })).toMatchObject({ remains: "100" });
    const daily = await v2({ action: "add", service: "youtube.like", link: VIDEO, quantity: "20", runs: "3", interval: "1440" });
    const [perDay] = await database.db.select().from(campaigns).where(eq(campaigns.id, daily.order!));
    expect(perDay!.pace).toMatchObject({ perDay: 20, perHour: null });
    for (const [runs, interval] of [
      ["0", "30"],
      ["5", "0"],
      ["2.5", "30"],
      ["5", "99999"],
      ["5", ""],
    ])
      expect(await v2({ action: "add", service: "youtube.like", link: VIDEO, quantity: "20", runs: runs!, interval: interval! })).toEqual({
        error: "Incorrect runs or interval",
      });

    const reader = await keyOf(["read"]);
    const refused = (await call("v2", { key: reader, action: "add", service: "youtube.like", link: VIDEO, quantity: "10" })).body as Panel;
    expect(refused.error).toMatch(/permission/i);
    expect(await database.db.select().from(campaigns).where(eq(campaigns.ownerId, me.user.id))).toHaveLength(3);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("20 parallel retries with one Idempotency-Key make one order and pay once", async ({ database, call, person }) => {
    const me = await person(5_000_000);
    const key = (await call("integrations/keys", { name: "Panel", scopes: ["create", "spend"] }, { token: me.token })).body.data.secret;
    const body = { key, action: "add", service: "youtube.like", link: VIDEO, quantity: "50" };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("v2", body, { headers: { "idempotency-key": "panel-order-7" } })),
    );
    const orders = new Set(
      answers.filter((a) => a.status === 200 && (a.body as unknown as Panel).order).map((a) => (a.body as unknown as Panel).order),
    );
    expect(orders.size).toBe(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const mine = await database.db.select().from(campaigns).where(eq(campaigns.ownerId, me.user.id));
    expect(mine).toHaveLength(1);
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).wallet).toBe(5_000_000 - mine[0]!.budget);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("cancel: running orders end and their remainder is back in the wallet; others answer { error } per order", async ({
    database,
    call,
    person,
    admin,
  }) => {
    const me = await person(5_000_000);
    const buyer = (await call("integrations/keys", { name: "Panel", scopes: ["read", "create", "spend"] }, { token: me.token })).body.data
      .secret as string;
    const v2 = async (fields: Record<string, string>) => (await call("v2", { key: buyer, ...fields })).body as unknown;
    const first = ((await v2({ action: "add", service: "youtube.like", link: VIDEO, quantity: "100" })) as Panel).order!;
    const second = ((await v2({ action: "add", service: "youtube.like", link: VIDEO, quantity: "50" })) as Panel).order!;
    const adminToken = await admin();
    expect((await call(`admin/campaigns/${first}/approve`, {}, { token: adminToken })).status).toBe(200);
    const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, first));
    const before = (await balancesOf({ db: database.db }, { userId: me.user.id })).wallet;

    const missing = "00000000-0000-4000-8000-000000000000";
    const canceled = await v2({ action: "cancel", orders: `${first},${second},${missing},nonsense` });
    expect(canceled).toEqual([
      { order: first, cancel: 1 },
      { order: second, cancel: { error: expect.any(String) } },
      { order: missing, cancel: { error: "Incorrect order ID" } },
      { order: "nonsense", cancel: { error: "Incorrect order ID" } },
    ]);
    const refunded = row!.budget - (row!.invoice as { fee: number }).fee;
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).wallet).toBe(before + refunded);
    expect(await v2({ action: "status", order: first })).toMatchObject({ status: "Partial", remains: "100" });
    expect(await v2({ action: "cancel", orders: first })).toEqual([{ order: first, cancel: { error: expect.any(String) } }]);
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).wallet).toBe(before + refunded);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
    // The canceled order is finished inside its guarantee: a refill may be requested; the one in review may not.
    expect(await v2({ action: "refill", order: first })).toEqual({ refill: first });
    expect(await v2({ action: "refill_status", refill: first })).toEqual({ status: "Completed" });
    expect(await v2({ action: "refill", order: second })).toEqual({ error: expect.any(String) });
    expect(await v2({ action: "refill_status", refill: second })).toEqual({ error: "Incorrect refill ID" });
    expect(await v2({ action: "refill", order: missing })).toEqual({ error: "Incorrect order ID" });
    // A key without create cancels nothing.
    const reader = (await call("integrations/keys", { name: "Reader", scopes: ["read"] }, { token: me.token })).body.data.secret as string;
    expect((await call("v2", { key: reader, action: "cancel", orders: second })).body).toEqual({ error: expect.any(String) });
  });
});
