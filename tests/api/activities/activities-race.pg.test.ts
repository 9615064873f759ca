import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { activities, campaigns, ledgerAccounts, users } from "@/server/db/schema";
import { campaignEscrowCode, checkLedgerInvariants, gatewayAccountCode, transfer, userAccountCode, balancesOf } from "@/server/ledger";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";
import { registerAndSignIn, signInAdmin } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";

// PostgreSQL only (*.pg.test.ts): many boosters and admins at once, on real connections.
// Each member registers from an address of their own; the calls after it come from there.
let ip = 0;
let people = 0;
const it = apiTest
  .extend("member", ({ call, database, sms, client }) => async (verified: boolean) => {
    people++;
    ip++;
    client.address = `10.6.${Math.floor(ip / 250)}.${ip % 250}`;
    const signed = await registerAndSignIn(call, sms, {
      phone: `0936${String(1_000_000 + people).slice(1)}0`.slice(0, 11),
      email: `race${people}@example.com`,
    });
    if (verified) await database.db.update(users).set({ identityStatus: "identity_verified" }).where(eq(users.id, signed.user.id));
    return signed;
  })
  .extend(
    "adminToken",
    ({ call, database, sms }) =>
      () =>
        signInAdmin(database, call, sms, "09100000079"),
  );

describe("activities under concurrency (PostgreSQL)", () => {
  it("12 boosters racing for the last 3 likes: 3 start, 9 are refused; approvals and denials racing decide once", async ({
    database,
    call,
    member,
    adminToken,
  }) => {
    const admin = await adminToken();
    const producer = await member(false);
    await transfer(
      { db: database.db },
      {
        idempotencyKey: `fund:${producer.user.id}`,
        from: gatewayAccountCode("sandbox"),
        to: userAccountCode(producer.user.id, "wallet"),
        amount: 5_000_000,
        intent: "wallet_charge",
      },
    );
    const created = await call("campaigns", { ...smartCampaign, name: "Race" }, { token: producer.token });
    const id = created.body.data.campaign.id as string;
    const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
    const invoice = row!.invoice as Record<string, unknown>;
    await database.db
      .update(campaigns)
      .set({ invoice: { ...invoice, lines: [{ metric: "likes", action: "like", unitPrice: 3_000, min: 3, max: 3, amount: 9_000 }] } })
      .where(eq(campaigns.id, id));
    await call(`admin/campaigns/${id}/approve`, {}, { token: admin });

    const boosters: Awaited<ReturnType<typeof registerAndSignIn>>[] = [];
    for (let i = 0; i < 12; i++) boosters.push(await member(true));
    const starts = await Promise.all(boosters.map((b) => call(`tasks/${id}.likes/start`, {}, { token: b.token })));
    expect(starts.filter((s) => s.status === 201)).toHaveLength(3);
    expect(starts.filter((s) => s.status === 409)).toHaveLength(9);
    expect(await database.db.select().from(activities).where(eq(activities.campaignId, id))).toHaveLength(3);
    const [escrow] = await database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, campaignEscrowCode(id)));
    expect(escrow!.pendingDebits).toBe(9_000);

    const winners = starts.flatMap((s, i) => (s.status === 201 ? [{ booster: boosters[i]!, activity: s.body.data.id as string }] : []));
    await Promise.all(
      winners.map(({ booster, activity }) =>
        call(`activities/${activity}/submit`, { post_link: "https://youtu.be/dQw4w9WgXcQ" }, { token: booster.token }),
      ),
    );

    // Ten approvals and ten denials of one activity at once: exactly one decision.
    const [first, second, third] = winners;
    const decisions = await Promise.all([
      ...Array.from({ length: 10 }, () => call(`admin/activities/${first!.activity}/approve`, {}, { token: admin })),
      ...Array.from({ length: 10 }, () =>
        call(`admin/activities/${first!.activity}/deny`, { code: "not_done", reason: "Not found on the video." }, { token: admin }),
      ),
    ]);
    expect(decisions.filter((d) => d.status === 200)).toHaveLength(1);
    expect(decisions.filter((d) => d.status === 409)).toHaveLength(19);
    const decided = decisions.find((d) => d.status === 200)!.body.data.status as string;

    // The other two approved at once: the campaign completes once (if all three were approved) and settles once.
    await Promise.all([second, third].map((w) => call(`admin/activities/${w!.activity}/approve`, {}, { token: admin })));
    const rewards = await Promise.all(winners.map((w) => balancesOf({ db: database.db }, { userId: w.booster.user.id })));
    expect(rewards.filter((b) => b.held === 1_800)).toHaveLength(decided === "approved" ? 3 : 2);
    const [after] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(after!.status).toBe(decided === "approved" ? "paid" : "active");
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
