import { describe, expect } from "vitest";
import { and, eq } from "drizzle-orm";
import { campaigns, notifications, transactions } from "@/server/db/schema";
import { completeEndedCampaigns } from "@/server/campaigns";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";

// PostgreSQL only (*.pg.test.ts): the partial refund when a campaign ends short, exactly once.
const it = apiTest.override("maxConnections", 24).override("client", ({ serial }) => ({ address: `10.7.8.${serial % 250}` }));

describe("the partial refund (PostgreSQL)", () => {
  it("20 completions at once and a late approval: the undelivered rest is refunded once, as its own line, with one notification", async ({
    database,
    call,
    person,
    approvedCampaign,
    submitted,
    escrow,
  }) => {
    const lines = [{ metric: "likes", action: "like", unitPrice: 3_000, max: 10 }];
    const { adminToken, id, producer, total, fee } = await approvedCampaign(lines);
    const walletBefore = (await balancesOf({ db: database.db }, { userId: producer.user.id })).wallet;
    const delivered = await submitted((await person(0, true)).token, id, "likes");
    expect((await call(`admin/activities/${delivered}/approve`, {}, { token: adminToken })).status).toBe(200);
    // Work still in review when the campaign ends: its reservation is not refunded; approving it late pays from there.
    const late = await submitted((await person(0, true)).token, id, "likes");
    // And work that will be denied at the same moment: its reservation comes back to the producer, settled or not.
    const denied = await submitted((await person(0, true)).token, id, "likes");
    await database.db
      .update(campaigns)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(campaigns.id, id));

    const runs = await Promise.all([
      ...Array.from({ length: 20 }, () => completeEndedCampaigns({ db: database.db })),
      call(`admin/activities/${late}/approve`, {}, { token: adminToken }).then((answer) => answer.status),
      call(`admin/activities/${denied}/deny`, { code: "not_done", reason: "Not there" }, { token: adminToken }).then(
        (answer) => answer.status,
      ),
    ]);
    expect(runs.slice(0, 20).reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(runs.slice(20)).toEqual([200, 200]);

    const [campaign] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(campaign!.status).toBe("paid");
    const refunds = await database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.campaignId, id), eq(transactions.intent, "refund")));
    expect(refunds).toHaveLength(1);
    // Everything but the fee and the two likes delivered (at 3,000 each) comes back: the partial refund, and the
    // denied like's 3,000 with it (denied before the settlement) or on its own (after it).
    expect([total - fee - 2 * 3_000, total - fee - 3 * 3_000]).toContain(refunds[0]!.amount);
    expect((await balancesOf({ db: database.db }, { userId: producer.user.id })).wallet).toBe(walletBefore + total - fee - 2 * 3_000);
    expect(await escrow(id)).toEqual({ balance: 0, pending: 0 });
    const told = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, producer.user.id), eq(notifications.kind, "campaign_refunded")));
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ campaign_id: id, amount: refunds[0]!.amount });
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
