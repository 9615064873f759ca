import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { openDatabase } from "@/server/db/client";
import { ledgerTransfers, transactions } from "@/server/db/schema";
import type { GatewayId, PaymentGateway } from "@/server/adapters/payments/types";
import { sandboxGateway } from "@/server/adapters/payments/sandbox";
import { checkLedgerInvariants } from "@/server/ledger";
import { reconcilePayments } from "@/server/payments/reconcile";
import { settlePayment } from "@/server/payments/settle-payment";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { zarinpalTest } from "./zarinpal-api";

// PostgreSQL only (*.pg.test.ts): races and a connection killed mid-settlement need a real server.
const it = zarinpalTest
  .extend(
    "startCharge",
    ({ sms, call }) =>
      async function startCharge(amount: number, gateway: GatewayId = "zarinpal", signedIn?: { token: string }) {
        const { token } =
          signedIn ??
          (await registerAndSignIn(call, sms, {
            phone: `0912${String(Date.now()).slice(-7)}`,
            email: `r${Date.now()}@example.com`,
          }));
        const charged = await call("wallet/charge", { amount, gateway }, { token });
        const authority = (charged.body.data.redirect_url as string).split("/").at(-1)!;
        return { token, authority, id: charged.body.data.transaction.id as string };
      },
  )
  .override("client", () => ({ address: "10.7.0.1" }))
  .override("gateways", ({ database, zarinpalOn }) => {
    return new Map<GatewayId, PaymentGateway>([
      ["zarinpal", zarinpalOn(5000)],
      ["sandbox", sandboxGateway(async () => database)],
    ]);
  })
  .override("appDeps", ({ gateways }) => ({ gateways }));

describe("settling Zarinpal payments under concurrency (PostgreSQL)", () => {
  it("one callback replayed 100 times in parallel credits exactly once", async ({ database, call, startCharge, zarinpal }) => {
    const { token, authority } = await startCharge(7_000_000);
    const callback = new URL(zarinpal.pay(authority));
    const path = `${callback.pathname.replace(/^\/api\//, "")}${callback.search}`;
    const answers = await Promise.all(Array.from({ length: 100 }, () => call(path, undefined, { method: "GET" })));
    expect(answers.every((answer) => answer.status === 303)).toBe(true);
    expect((await call("wallet", undefined, { method: "GET", token })).body.data.wallet_balance).toBe(7_000_000);
    expect(await database.db.select().from(ledgerTransfers)).toHaveLength(1);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("a connection killed between verify and credit: reconciliation later credits exactly once", async ({
    database,
    gateways,
    call,
    startCharge,
    zarinpal,
  }) => {
    const { token, authority, id } = await startCharge(3_000_000);
    zarinpal.pay(authority);
    // The settling process has its own connection. Another holds the transaction's row, so the credit
    // waits inside its database transaction after Zarinpal said paid; then its connection is killed.
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set("application_name", "takapoo-victim");
    const victim = await openDatabase({ url: url.toString(), maxConnections: 1 });
    const locker = await openDatabase({ url: process.env.TEST_DATABASE_URL!, maxConnections: 1 });
    try {
      const [row] = await victim.db.select().from(transactions).where(eq(transactions.id, id));
      await locker.db.transaction(async (tx) => {
        await tx.execute(sql`select id from transactions where id = ${id} for update`);
        const settling = settlePayment({ db: victim.db }, { gateways, transaction: row! });
        settling.catch(() => undefined);
        await expect
          .poll(async () => {
            const waiting = await database.db.execute(
              sql`select count(*)::int as n from pg_stat_activity where application_name = 'takapoo-victim' and wait_event_type = 'Lock'`,
            );
            return (waiting.rows[0] as { n: number }).n;
          })
          .toBe(1);
        expect(zarinpal.verifyCalls).toBeGreaterThan(0);
        await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'takapoo-victim'`);
        await expect(settling).rejects.toThrow();
      });
    } finally {
      await Promise.all([victim.close().catch(() => undefined), locker.close()]);
    }
    // Zarinpal has verified it (a second verify says 101); we have credited nothing: it rolled back.
    const [pending] = await database.db.select().from(transactions).where(eq(transactions.id, id));
    expect(pending!.status).toBe("pending");
    expect((await call("wallet", undefined, { method: "GET", token })).body.data.wallet_balance).toBe(0);

    await database.db
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(transactions.id, id));
    const first = await reconcilePayments({ db: database.db, gateways });
    expect(first).toMatchObject({ checked: 1, paid: 1 });
    await reconcilePayments({ db: database.db, gateways });
    expect((await call("wallet", undefined, { method: "GET", token })).body.data.wallet_balance).toBe(3_000_000);
    expect(await database.db.select().from(ledgerTransfers)).toHaveLength(1);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("the sandbox bank's pay racing a callback: 20 tries, every payment paid exactly once and credited once", async ({
    database,
    sms,
    call,
    startCharge,
  }) => {
    const signedIn = await registerAndSignIn(call, sms, { phone: "09125550101", email: "sandbox-race@example.com" });
    const tries = 20;
    const amount = 1_000_000;
    for (let i = 0; i < tries; i++) {
      const { authority, id } = await startCharge(amount, "sandbox", signedIn);
      const back = `payments/sandbox/callback?tx=${id}&Authority=${authority}&Status=OK`;
      // The payer presses pay on the bank page while a callback for the same payment (an early return of the
      // browser, a replay) is being handled; then the browser follows the bank's redirect as it always does.
      const [decided, early] = await Promise.all([
        call(`payments/sandbox/${authority}/decision`, { decision: "pay" }),
        call(back, undefined, { method: "GET" }),
      ]);
      expect(decided.status).toBe(200);
      expect(early.status).toBe(303);
      const redirect = new URL(decided.body.data.redirect_url as string);
      expect((await call(`${redirect.pathname.replace(/^\/api\//, "")}${redirect.search}`, undefined, { method: "GET" })).status).toBe(303);
    }
    const rows = await database.db.select().from(transactions).where(eq(transactions.gateway, "sandbox"));
    expect(rows.map((row) => row.status)).toEqual(Array.from({ length: tries }, () => "paid"));
    expect(rows.every((row) => row.transferId !== null)).toBe(true);
    expect((await call("wallet", undefined, { method: "GET", token: signedIn.token })).body.data.wallet_balance).toBe(tries * amount);
    expect(await database.db.select().from(ledgerTransfers)).toHaveLength(tries);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
