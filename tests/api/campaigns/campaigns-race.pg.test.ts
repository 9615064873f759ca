import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { campaigns } from "@/server/db/schema";
import { checkLedgerInvariants, gatewayAccountCode, transfer, userAccountCode, balancesOf } from "@/server/ledger";
import { countDrift } from "@/tests/api/support/campaign-fixtures";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";

// PostgreSQL only (*.pg.test.ts).
const it = apiTest.override("client", () => ({ address: "10.9.0.1" }));

// The trigger-kept counts (campaign_counts) always equal a real count.
it.afterEach(async ({ database }) => {
  expect(await countDrift(database.db)).toEqual([]);
});

const campaign = {
  name: "Race",
  network: "instagram",
  link: "https://www.instagram.com/takapoo.app/",
  follower_count: 2000,
  gateway: "wallet",
  accept_policies: true,
};

describe("campaigns under concurrency (PostgreSQL)", () => {
  it("a Trial is created once under 20 parallel requests", async ({ database, sms, call }) => {
    const { token, user } = await registerAndSignIn(call, sms);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("campaigns", { ...campaign, strategy: "trial" }, { token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await database.db.select().from(campaigns).where(eq(campaigns.ownerId, user.id))).toHaveLength(1);
  });

  it("20 parallel wallet-paid campaigns never overdraw the wallet", async ({ database, sms, call }) => {
    const { token, user } = await registerAndSignIn(call, sms, { phone: "09350000088", email: "race2@example.com" });
    await transfer(
      { db: database.db },
      {
        idempotencyKey: `fund:${user.id}`,
        from: gatewayAccountCode("sandbox"),
        to: userAccountCode(user.id, "wallet"),
        amount: 5_000_000,
        intent: "wallet_charge",
      },
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("campaigns", { ...campaign, strategy: "smart", amount: 2_000_000 }, { token })),
    );
    const created = answers.filter((a) => a.status === 200);
    expect(answers.every((a) => a.status === 200 || a.status === 403)).toBe(true);
    const total = created[0]!.body.data.campaign.budget as number;
    expect(created).toHaveLength(Math.floor(5_000_000 / total));
    expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(5_000_000 - created.length * total);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
