import { describe, expect } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, campaigns, transactions } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { addDays, tehranDay, tehranDayEnd } from "@/lib/time/tehran";
import { apiTest } from "@/tests/api/support/fixture";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";

const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.4.${serial % 250}` }));

describe("changing a running campaign", () => {
  it("its owner moves its end to another Tehran day, today up to a year ahead; audited; anything else is refused and changes nothing", async ({
    database,
    call,
    person,
    approvedCampaign,
  }) => {
    const { adminToken, id, producer } = await approvedCampaign();
    const put = (ends_at: unknown, token = producer.token) => call(`campaigns/${id}/ends-at`, { ends_at }, { method: "PUT", token });
    const day = addDays(tehranDay(new Date()), 45);
    const moved = await put(day);
    expect(moved.status).toBe(200);
    expect(moved.body.data.campaign.ends_at).toBe(tehranDayEnd(day));
    expect(moved.body.data.message).toBe("The campaign's end date was changed.");
    expect((await put(day)).status).toBe(200); // the same day again: nothing to change, nothing audited
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "campaign.ends_at")));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: producer.user.id, details: { to: tehranDayEnd(day) } });

    for (const bad of [addDays(tehranDay(new Date()), -1), addDays(tehranDay(new Date()), 366), "2026-02-30", "tomorrow", 5]) {
      const refused = await put(bad);
      expect([refused.status, Object.keys(refused.body.error?.fields ?? {})], String(bad)).toEqual([422, ["ends_at"]]);
    }
    expect((await put(day, (await person()).token)).status).toBe(404);
    expect((await put(day, adminToken)).status).toBe(404); // the owner's own change; admins act in the back office
    const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row!.endsAt?.toISOString()).toBe(tehranDayEnd(day));
  });

  it("a Smart campaign is topped up from the wallet at its own prices: its own payment, raised targets, the fee, once per key", async ({
    database,
    call,
    person,
    approvedCampaign,
    escrow,
  }) => {
    const { adminToken, id, producer, total } = await approvedCampaign();
    // The price list changes after purchase: the top-up still buys at the campaign's prices.
    const change = { prices: [{ network: "youtube", action: "like", price: 9_000, booster_share: 0.9 }] };
    expect((await call("admin/pricing", change, { method: "PUT", token: adminToken })).status).toBe(200);
    const before = (await call(`campaigns/${id}`, undefined, { method: "GET", token: producer.token })).body.data;
    const wallet = (await balancesOf({ db: database.db }, { userId: producer.user.id })).wallet;
    const escrowBefore = (await escrow(id)).balance;
    const topUp = (amount: number, key: string) =>
      call(`campaigns/${id}/top-up`, { amount, gateway: "wallet" }, { token: producer.token, headers: { "idempotency-key": key } });

    const done = await topUp(1_100_000, "top-up-1");
    expect(done.status).toBe(200);
    const { campaign, transaction, added } = done.body.data;
    expect(transaction).toMatchObject({ amount: 1_100_000, intent: "campaign_top_up", status: "paid" });
    expect(added).toMatchObject({ total: 1_100_000, fee: 100_000, subtotal: 1_000_000 });
    const likes = (invoice: { lines: { metric: string; max: number; unit_price: number }[] }) =>
      invoice.lines.find((l) => l.metric === "likes")!;
    expect(likes(added).unit_price).toBe(likes(before.invoice).unit_price);
    expect(likes(campaign.invoice).max).toBe(likes(before.invoice).max + likes(added).max);
    expect(campaign.budget).toBe(total + 1_100_000);
    expect(campaign.invoice.subtotal).toBe(before.invoice.subtotal + 1_000_000);

    expect((await topUp(1_100_000, "top-up-1")).body.data.transaction.id).toBe(transaction.id); // replayed, not paid twice
    expect((await balancesOf({ db: database.db }, { userId: producer.user.id })).wallet).toBe(wallet - 1_100_000);
    expect((await escrow(id)).balance).toBe(escrowBefore + 1_000_000); // the fee went to revenue
    const payments = await database.db.select().from(transactions).where(eq(transactions.campaignId, id));
    expect(payments.filter((p) => p.intent === "campaign_top_up")).toHaveLength(1);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "campaign.top_up")));
    expect(audits).toHaveLength(1);

    // Short of money: 403 and nothing changes.
    const short = await topUp(100_000_000, "top-up-2");
    expect([short.status, short.body.error?.code]).toEqual([403, "insufficient_funds"]);
    expect((await call(`campaigns/${id}`, undefined, { method: "GET", token: producer.token })).body.data.budget).toBe(total + 1_100_000);
    // Below the smallest budget: 422 on amount; another's campaign: 404.
    const small = await topUp(10, "top-up-3");
    expect([small.status, Object.keys(small.body.error?.fields ?? {})]).toEqual([422, ["amount"]]);
    const other = await call(
      `campaigns/${id}/top-up`,
      { amount: 1_100_000, gateway: "wallet" },
      { token: (await person(5_000_000)).token },
    );
    expect(other.status).toBe(404);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("only a running Smart campaign takes a top-up, only a running one a new end", async ({ call, person, approvedCampaign }) => {
    const producer = await person(5_000_000);
    const rest = Object.fromEntries(Object.entries(smartCampaign).filter(([key]) => key !== "amount"));
    const trial = await call("campaigns", { ...rest, strategy: "trial" }, { token: producer.token });
    expect(trial.status).toBe(200);
    const waiting = trial.body.data.campaign.id as string; // awaiting review: not running yet
    const end = await call(
      `campaigns/${waiting}/ends-at`,
      { ends_at: addDays(tehranDay(new Date()), 3) },
      { method: "PUT", token: producer.token },
    );
    expect([end.status, end.body.error?.code]).toEqual([409, "campaign_transition_invalid"]);
    const { id, producer: owner } = await approvedCampaign(undefined, undefined, {
      ...rest,
      strategy: "watch_time",
      hours: 1,
      percentage: 50,
    });
    const topUp = await call(`campaigns/${id}/top-up`, { amount: 1_100_000, gateway: "wallet" }, { token: owner.token });
    expect([topUp.status, topUp.body.error?.code]).toEqual([409, "campaign_transition_invalid"]);
  });
});
