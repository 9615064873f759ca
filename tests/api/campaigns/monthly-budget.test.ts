import { describe, expect } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, campaigns, notifications, transactions } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { renewMonthlyBudgets } from "@/server/campaigns";
import { minimumMonthlyCost, renewsOn } from "@/lib/campaigns/monthly";
import { addDays, tehranDay, tehranDayEnd, tehranMonthDays, tehranMonthOf } from "@/lib/time/tehran";
import { apiTest } from "@/tests/api/support/fixture";
import { fundWallet, smartCampaign } from "@/tests/api/support/campaign-fixtures";

/** Two lines at known prices: a month at one unit of each a day costs 30 × 5,000 for tasks and the fee on top. */
const lines = [
  { metric: "likes", action: "like", unitPrice: 3_000, max: 100 },
  { metric: "comments", action: "comment", unitPrice: 2_000, max: 100 },
];
const MONTHLY = 1_100_000;

const it = apiTest
  .override("client", ({ serial }) => ({ address: `10.7.8.${serial % 250}` }))
  // A producer's approved Smart campaign (3,000,000 Rials left in the wallet) and `monthly(amount)` as its owner.
  .extend("campaign", async ({ approvedCampaign, call }) => {
    const campaign = await approvedCampaign(lines);
    const monthly = (amount: unknown, token = campaign.producer.token, key = crypto.randomUUID()) =>
      call(`campaigns/${campaign.id}/monthly-budget`, { amount }, { method: "PUT", token, headers: { "idempotency-key": key } });
    return { ...campaign, monthly };
  });

/** Noon (Tehran) of the first day of the month after this one, and of the one after that. */
const nextMonth = (months = 1) => {
  let day = tehranDay(new Date());
  for (let i = 0; i < months; i++) day = addDays(tehranMonthDays(day).last, 1);
  return new Date(`${day}T12:00:00+03:30`);
};

describe("a Smart campaign run month by month", () => {
  it("setting the monthly budget charges this month's now, says set, spent and left, and audits; the same again charges nothing", async ({
    database,
    get,
    person,
    campaign: { id, producer, monthly, adminToken },
  }) => {
    const before = await get(`campaigns/${id}`, producer.token);
    const minimum = minimumMonthlyCost(lines);
    expect(before.body.data.minimum_monthly_cost).toBe(minimum);
    expect(before.body.data.monthly).toBeNull();

    const set = await monthly(MONTHLY);
    expect(set.status).toBe(200);
    expect(set.body.data.message).toBe("The campaign's monthly budget was saved.");
    const shown = set.body.data.campaign;
    expect(shown.monthly).toMatchObject({
      amount: MONTHLY,
      month: tehranMonthOf(tehranDay(new Date())),
      spent: 0,
      renews_on: renewsOn(new Date()),
      paused_short: false,
    });
    expect(shown.monthly.for_tasks).toBe(shown.invoice.subtotal - before.body.data.invoice.subtotal);
    expect(shown.monthly.left).toBe(shown.monthly.for_tasks);
    expect(shown.budget).toBe(before.body.data.budget + MONTHLY);
    // It runs at least to the month's end.
    expect(Date.parse(shown.ends_at)).toBeGreaterThanOrEqual(Date.parse(tehranDayEnd(tehranMonthDays(tehranDay(new Date())).last)));
    expect((await balancesOf({ db: database.db }, { userId: producer.user.id })).wallet).toBe(3_000_000 - MONTHLY);

    // The same amount again, or another one this month: nothing charged now (another applies from the next month).
    expect((await monthly(MONTHLY)).status).toBe(200);
    const changed = await monthly(1_200_000);
    expect(changed.body.data.campaign.monthly.amount).toBe(1_200_000);
    expect((await balancesOf({ db: database.db }, { userId: producer.user.id })).wallet).toBe(3_000_000 - MONTHLY);
    const payments = await database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.campaignId, id), eq(transactions.intent, "campaign_top_up")));
    expect(payments).toHaveLength(1);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "campaign.monthly_budget")));
    expect(audits.map((row) => row.details)).toEqual([
      { from: null, to: MONTHLY },
      { from: MONTHLY, to: 1_200_000 },
    ]);

    // Refused, and nothing changes: below the minimum (the figure said), not a number, another's campaign.
    expect(minimum).toBeGreaterThan(100_000);
    const small = await monthly(minimum - 1);
    expect([small.status, Object.keys(small.body.error?.fields ?? {})]).toEqual([422, ["amount"]]);
    for (const bad of [-5, "a lot", 1.5, 99_999]) {
      const refused = await monthly(bad);
      expect([refused.status, Object.keys(refused.body.error?.fields ?? {})], String(bad)).toEqual([422, ["amount"]]);
    }
    expect((await monthly(MONTHLY, (await person()).token)).status).toBe(404);
    expect((await monthly(MONTHLY, adminToken)).status).toBe(404);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);

    // null stops the renewal: the campaign ends with the month it has, whose budget it still shows.
    const stopped = await monthly(null);
    expect(stopped.body.data.message).toBe("The campaign's monthly budget will not be renewed.");
    expect(stopped.body.data.campaign.monthly).toMatchObject({
      amount: null,
      renews_on: null,
      month: tehranMonthOf(tehranDay(new Date())),
      for_tasks: shown.monthly.for_tasks,
    });
    expect(await renewMonthlyBudgets({ db: database.db }, { now: nextMonth() })).toEqual({ renewed: 0, paused: 0 });
  });

  it("below its minimum monthly cost the budget is refused with the minimum in the message", async ({ call, approvedCampaign }) => {
    // Lines dear enough that a month's minimum is above the smallest amount a campaign may have.
    const { id, producer } = await approvedCampaign([{ metric: "likes", action: "like", unitPrice: 20_000, max: 100 }]);
    const minimum = minimumMonthlyCost([{ unitPrice: 20_000 }]);
    expect(minimum).toBeGreaterThan(100_000);
    const refused = await call(`campaigns/${id}/monthly-budget`, { amount: minimum - 1 }, { method: "PUT", token: producer.token });
    expect([refused.status, refused.body.error?.code, Object.keys(refused.body.error?.fields ?? {})]).toEqual([
      422,
      "campaign_monthly_too_small",
      ["amount"],
    ]);
    expect(refused.body.error?.message).toBe(`This campaign's monthly budget must be at least ${minimum.toLocaleString("en-US")} Rials.`);
  });

  it("the month turns: renewed from the wallet once; short, paused with a notice once; charged again, it resumes", async ({
    database,
    get,
    campaign: { id, producer, monthly },
  }) => {
    expect((await monthly(MONTHLY)).status).toBe(200);
    const wallet = async () => (await balancesOf({ db: database.db }, { userId: producer.user.id })).wallet;
    const notices = async (kind: "campaign_renewed" | "campaign_paused_short") =>
      (
        await database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, producer.user.id), eq(notifications.kind, kind)))
      ).length;

    // The first run of the next month charges it; runs after find it charged.
    const month2 = nextMonth();
    expect(await renewMonthlyBudgets({ db: database.db }, { now: month2 })).toEqual({ renewed: 1, paused: 0 });
    expect(await renewMonthlyBudgets({ db: database.db }, { now: month2 })).toEqual({ renewed: 0, paused: 0 });
    expect(await wallet()).toBe(3_000_000 - 2 * MONTHLY);
    expect(await notices("campaign_renewed")).toBe(1);
    const [renewed] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(renewed!.month).toBe(tehranMonthOf(tehranDay(month2)));
    expect(renewed!.endsAt!.getTime()).toBeGreaterThanOrEqual(Date.parse(tehranDayEnd(tehranMonthDays(tehranDay(month2)).last)));

    // The month after, 800,000 Rials cannot pay 1,100,000: paused, told once, nothing charged.
    const month3 = nextMonth(2);
    expect(await renewMonthlyBudgets({ db: database.db }, { now: month3 })).toEqual({ renewed: 0, paused: 1 });
    expect(await renewMonthlyBudgets({ db: database.db }, { now: month3 })).toEqual({ renewed: 0, paused: 0 });
    expect(await wallet()).toBe(3_000_000 - 2 * MONTHLY);
    expect(await notices("campaign_paused_short")).toBe(1);
    const paused = (await get(`campaigns/${id}`, producer.token)).body.data;
    expect(paused.status).toBe("paused");
    expect(paused.monthly.paused_short).toBe(true);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);

    // The wallet charged, the next run renews and resumes it.
    await fundWallet(database.db, producer.user.id, 1_000_000, "again");
    expect(await renewMonthlyBudgets({ db: database.db }, { now: month3 })).toEqual({ renewed: 1, paused: 0 });
    const [resumed] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect([resumed!.status, resumed!.pausedShort, resumed!.month]).toEqual(["active", false, tehranMonthOf(tehranDay(month3))]);
    expect(await wallet()).toBe(3_000_000 + 1_000_000 - 3 * MONTHLY);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("paused for a short wallet, its owner pays this month's budget again at once once the wallet is charged", async ({
    database,
    campaign: { id, producer, monthly },
  }) => {
    expect((await monthly(MONTHLY)).status).toBe(200);
    // As the renewal leaves it when the wallet is short: paused, this month unpaid (its budget is an earlier month's).
    await database.db.update(campaigns).set({ status: "paused", pausedShort: true, month: "1400-01" }).where(eq(campaigns.id, id));
    const wallet = async () => (await balancesOf({ db: database.db }, { userId: producer.user.id })).wallet;
    await database.db.update(campaigns).set({ monthlyBudget: 2_000_000 }).where(eq(campaigns.id, id));
    const short = await monthly(2_000_000); // the same amount again: 1,900,000 in the wallet
    expect([short.status, short.body.error?.code]).toEqual([403, "insufficient_funds"]);
    expect(await wallet()).toBe(3_000_000 - MONTHLY);
    await fundWallet(database.db, producer.user.id, 1_000_000, "retry");
    const paid = await monthly(2_000_000);
    expect(paid.status).toBe(200);
    expect(paid.body.data.campaign).toMatchObject({
      status: "active",
      monthly: { amount: 2_000_000, month: tehranMonthOf(tehranDay(new Date())), paused_short: false },
    });
    expect(await wallet()).toBe(3_000_000 - MONTHLY + 1_000_000 - 2_000_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("only a running Smart campaign runs month by month", async ({ call, approvedCampaign }) => {
    const trial = await approvedCampaign(undefined, undefined, { ...smartCampaign, strategy: "trial", amount: undefined });
    const refused = await call(`campaigns/${trial.id}/monthly-budget`, { amount: MONTHLY }, { method: "PUT", token: trial.producer.token });
    expect([refused.status, refused.body.error?.code]).toEqual([409, "campaign_transition_invalid"]);
  });
});
