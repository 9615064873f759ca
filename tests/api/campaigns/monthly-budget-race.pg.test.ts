import { describe, expect } from "vitest";
import { and, eq } from "drizzle-orm";
import { campaigns, transactions } from "@/server/db/schema";
import { renewMonthlyBudgets } from "@/server/campaigns";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { addDays, tehranDay, tehranMonthDays } from "@/lib/time/tehran";
import { apiTest } from "@/tests/api/support/fixture";
import { fundWallet } from "@/tests/api/support/campaign-fixtures";

// PostgreSQL only (*.pg.test.ts): the monthly renewal charges each campaign once a month, however many runs meet.
const it = apiTest.override("maxConnections", 24).override("client", ({ serial }) => ({ address: `10.7.10.${serial % 250}` }));

describe("the monthly renewal (PostgreSQL)", () => {
  it("12 runs at once: each campaign is charged once a month, the wallet never overdrawn", async ({
    database,
    call,
    approvedCampaign,
    liveCampaign,
  }) => {
    const lines = [{ metric: "likes", action: "like", unitPrice: 3_000, max: 100 }];
    // Two campaigns of one producer (wallet 5,000,000 − 2 × 2,000,000 = 1,000,000): each month's 400,000 fits twice, not three times.
    const first = await approvedCampaign(lines);
    const second = await liveCampaign(first.adminToken, lines, async () => first.producer);
    const owner = first.producer;
    const wallet = async () => (await balancesOf({ db: database.db }, { userId: owner.user.id })).wallet;
    const start = await wallet();
    for (const id of [first.id, second.id]) {
      const set = await call(
        `campaigns/${id}/monthly-budget`,
        { amount: 400_000 },
        { method: "PUT", token: owner.token, headers: { "idempotency-key": crypto.randomUUID() } },
      );
      expect(set.status).toBe(200);
    }
    expect(await wallet()).toBe(start - 800_000);

    const nextMonth = new Date(`${addDays(tehranMonthDays(tehranDay(new Date())).last, 1)}T12:00:00+03:30`);
    const runs = await Promise.all(Array.from({ length: 12 }, () => renewMonthlyBudgets({ db: database.db }, { now: nextMonth })));
    // 200,000 left: neither renewal fits; both are paused, each once.
    expect(runs.reduce((sum, run) => sum + run.renewed, 0)).toBe(0);
    expect(runs.reduce((sum, run) => sum + run.paused, 0)).toBe(2);
    expect(await wallet()).toBe(start - 800_000);

    // Money arrives: 12 runs at once renew each exactly once.
    await fundWallet(database.db, owner.user.id, 1_000_000, "month-2");
    const again = await Promise.all(Array.from({ length: 12 }, () => renewMonthlyBudgets({ db: database.db }, { now: nextMonth })));
    expect(again.reduce((sum, run) => sum + run.renewed, 0)).toBe(2);
    expect(await wallet()).toBe(start - 800_000 + 1_000_000 - 800_000);
    for (const id of [first.id, second.id]) {
      const paid = await database.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.campaignId, id), eq(transactions.intent, "campaign_top_up")));
      expect(paid).toHaveLength(2);
      const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
      expect([row!.status, row!.pausedShort]).toEqual(["active", false]);
    }
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
