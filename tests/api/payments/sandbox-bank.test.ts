import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { decideSandboxPayment } from "@/server/adapters/payments/sandbox";
import { transactions, users } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { startWalletCharge } from "@/server/payments/charge-wallet";
import { settlePayment } from "@/server/payments/settle-payment";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";

describe("the sandbox bank and the payment row", () => {
  const it = apiTest
    .extend("pendingCharge", ({ call, sms, database, gateways }) => async (phone: string, amount = 4_000_000) => {
      const { user } = await registerAndSignIn(call, sms, { phone, email: `${phone}@example.com` });
      const [full] = await database.db.select().from(users).where(eq(users.id, user.id));
      const { transaction } = await startWalletCharge(
        { db: database.db, actor: full!, locale: "en-US" },
        {
          gateways,
          amount,
          gateway: "sandbox",
          origin: "http://localhost",
          description: "test",
        },
      );
      return { userId: user.id, transaction };
    })
    .override("client", () => ({ address: "10.13.8.1" }))
    .override("appDeps", ({ gateways }) => ({ gateways }));

  it("a callback holding a copy read before the bank's pay keeps the decision: the payment is paid, credited once", async ({
    database,
    gateways,
    pendingCharge,
  }) => {
    const { userId, transaction } = await pendingCharge("09125550401");
    // The callback read the row, then the payer pressed pay, then the callback goes on with its copy.
    const stale = transaction;
    expect(await decideSandboxPayment(database.db, transaction.authority!, "paid")).not.toBeNull();
    const query = new URLSearchParams({ tx: transaction.id, Authority: transaction.authority!, Status: "OK" });
    const settled = await settlePayment({ db: database.db }, { gateways, transaction: stale, query });
    expect(settled.status).toBe("paid");
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, transaction.id));
    expect(row!.metadata).toMatchObject({ sandbox: "paid", callback: `Authority=${transaction.authority}&Status=OK` });
    expect((await balancesOf({ db: database.db }, { userId })).wallet).toBe(4_000_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("the bank decides once: the same press again is answered, the other choice is refused", async ({
    database,
    gateways,
    pendingCharge,
  }) => {
    const { transaction } = await pendingCharge("09125550402");
    expect(await decideSandboxPayment(database.db, transaction.authority!, "paid")).not.toBeNull();
    expect(await decideSandboxPayment(database.db, transaction.authority!, "paid")).not.toBeNull();
    expect(await decideSandboxPayment(database.db, transaction.authority!, "cancelled")).toBeNull();
    const settled = await settlePayment(
      { db: database.db },
      { gateways, transaction, query: new URLSearchParams({ Authority: transaction.authority! }) },
    );
    expect(settled.status).toBe("paid");
    // Settled: no decision changes it any more.
    expect(await decideSandboxPayment(database.db, transaction.authority!, "paid")).toBeNull();
  });
});
