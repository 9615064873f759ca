import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { campaigns, ledgerAccounts, ledgerTransfers, transactions } from "@/server/db/schema";
import { campaignPaymentKey } from "@/server/campaigns/pay-from-wallet";
import { balancesOf, campaignEscrowCode, checkLedgerInvariants } from "@/server/ledger";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { fundWallet } from "@/tests/api/support/campaign-fixtures";
import { apiTest } from "@/tests/api/support/fixture";

// PostgreSQL only (*.pg.test.ts): PGlite has one connection and cannot show a race.
const it = apiTest
  // A campaign created with the sandbox gateway, its bank page left: awaiting payment, its payment pending.
  .extend(
    "abandoned",
    ({ database, call }) =>
      async function abandoned(token: string, name: string) {
        const created = await call(
          "campaigns",
          {
            name,
            network: "instagram",
            strategy: "smart",
            link: "https://www.instagram.com/takapoo.app/",
            follower_count: 2000,
            amount: 2_000_000,
            gateway: "sandbox",
            accept_policies: true,
          },
          { token },
        );
        expect(created.body.data.campaign.status).toBe("awaiting_payment");
        const id = created.body.data.campaign.id as string;
        const [pending] = await database.db.select().from(transactions).where(eq(transactions.campaignId, id));
        return { id, payment: pending!.id, authority: pending!.authority!, total: created.body.data.campaign.budget as number };
      },
  )
  .override("client", () => ({ address: "10.9.1.1" }))
  .override("appDeps", ({ gateways }) => ({ gateways }));

const WALLET = 10_000_000;

describe("paying a campaign from the wallet under concurrency (PostgreSQL)", () => {
  it("20 parallel pays of the same campaign: exactly one 200, the others 403, the wallet debited once", async ({
    database,
    sms,
    call,
    abandoned,
  }) => {
    const { token, user } = await registerAndSignIn(call, sms, { phone: "09350000091", email: "pay-race@example.com" });
    await fundWallet(database.db, user.id, WALLET);
    const { id, payment, total } = await abandoned(token, "Race to pay");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(`campaigns/${id}/payments/${payment}/pay`, { gateway: "wallet" }, { token })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(19);
    expect(refused.every((a) => a.status === 403 && a.body.error?.code === "transaction_already_paid")).toBe(true);

    expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(WALLET - total);
    const [escrow] = await database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, campaignEscrowCode(id)));
    expect(escrow!.balance).toBe(total);
    expect(
      await database.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, campaignPaymentKey(id))),
    ).toHaveLength(1);
    const rows = await database.db.select().from(transactions).where(eq(transactions.campaignId, id));
    expect(rows.map((row) => `${row.gateway}:${row.status}`).sort()).toEqual(["sandbox:pending", "wallet:paid"]);
    const [campaign] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(campaign!.status).toBe("awaiting_review");
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("a wallet payment racing the gateway's late success: whichever wins, nothing is lost or taken twice", async ({
    database,
    sms,
    call,
    abandoned,
  }) => {
    const { token, user } = await registerAndSignIn(call, sms, { phone: "09350000092", email: "pay-race2@example.com" });
    await fundWallet(database.db, user.id, WALLET);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await abandoned(token, `Both ${i}`));
    // The bank page said "pay" for each; the callbacks and the wallet payments then arrive together.
    const callbacks = await Promise.all(
      made.map(async ({ authority }) => {
        const decided = await call(`payments/sandbox/${authority}/decision`, { decision: "pay" });
        return new URL(decided.body.data.redirect_url as string, "http://localhost");
      }),
    );
    const answers = await Promise.all(
      made.flatMap(({ id, payment }, i) => [
        call(`campaigns/${id}/payments/${payment}/pay`, { gateway: "wallet" }, { token }),
        call(`${callbacks[i]!.pathname.replace(/^\/api\//, "")}${callbacks[i]!.search}`, undefined, { method: "GET" }),
      ]),
    );
    for (let i = 0; i < made.length; i++) {
      expect([200, 403]).toContain(answers[2 * i]!.status);
      expect(answers[2 * i + 1]!.status).toBe(303);
    }
    // Either the gateway paid the campaign (the wallet payment refused) or the wallet did (the gateway's money to the wallet).
    expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(WALLET);
    for (const { id, total } of made) {
      const [escrow] = await database.db
        .select()
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, campaignEscrowCode(id)));
      expect(escrow!.balance).toBe(total);
      const [campaign] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
      expect(campaign!.status).toBe("awaiting_review");
    }
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
