import { describe, expect } from "vitest";
import { ledgerTransfers } from "@/server/db/schema";
import type { GatewayId, PaymentGateway } from "@/server/adapters/payments/types";
import { checkLedgerInvariants } from "@/server/ledger";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { zarinpalTest } from "./zarinpal-api";

// Our production Zarinpal adapter, end to end through the API, against a local fake of Zarinpal v4.
const it = zarinpalTest
  .extend(
    "startCharge",
    ({ sms, call, zarinpal }) =>
      async function startCharge(amount = 1_000_000) {
        const { token } = await registerAndSignIn(call, sms);
        const charged = await call("wallet/charge", { amount, gateway: "zarinpal" }, { token });
        expect(charged.status).toBe(200);
        const authority = (charged.body.data.redirect_url as string).split("/").at(-1)!;
        expect(charged.body.data.redirect_url).toBe(`${zarinpal.url}/pg/StartPay/${authority}`);
        return { token, authority, transaction: charged.body.data.transaction as { id: string } };
      },
  )
  .override("client", ({ serial }) => ({ address: `10.6.0.${serial % 250}` }))
  .override("appDeps", ({ zarinpalOn }) => ({
    gateways: new Map<GatewayId, PaymentGateway>([["zarinpal", zarinpalOn(2000)]]),
  }));

/** The callback Zarinpal's page sends the browser to, as a path under /api. */
function callbackPath(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname.replace(/^\/api\//, "")}${parsed.search}`;
}

describe("Zarinpal through the API", () => {
  it("paid: verified with the amount we stored, credited once, even when the callback is replayed or tampered with", async ({
    database,
    call,
    startCharge,
    zarinpal,
  }) => {
    const { token, authority } = await startCharge(1_000_000);
    const back = await call(callbackPath(zarinpal.pay(authority)), undefined, { method: "GET" });
    expect(back.status).toBe(303);
    expect((await call("wallet", undefined, { method: "GET", token })).body.data.wallet_balance).toBe(1_000_000);
    const tampered = callbackPath(zarinpal.pay(authority)).replace("Status=OK", "Status=OK&amount=900000000");
    for (let i = 0; i < 3; i++) await call(tampered, undefined, { method: "GET" });
    expect((await call("wallet", undefined, { method: "GET", token })).body.data.wallet_balance).toBe(1_000_000);
    expect(await database.db.select().from(ledgerTransfers)).toHaveLength(1);
    const list = await call("wallet/transactions", undefined, { method: "GET", token });
    expect(list.body.data[0]).toMatchObject({ status: "paid", gateway: "zarinpal" });
    expect(list.body.data[0].reference).toBeTruthy();
  });

  it("cancelled (NOK): asks Zarinpal anyway, which says unpaid (-51): failed, nothing credited", async ({
    call,
    startCharge,
    zarinpal,
  }) => {
    const { token, authority, transaction } = await startCharge();
    const before = zarinpal.verifyCalls;
    await call(callbackPath(zarinpal.cancel(authority)), undefined, { method: "GET" });
    expect(zarinpal.verifyCalls).toBe(before + 1);
    const one = await call(`wallet/transactions/${transaction.id}`, undefined, { method: "GET", token });
    expect(one.body.data.status).toBe("failed");
    expect((await call("wallet", undefined, { method: "GET", token })).body.data.wallet_balance).toBe(0);
  });

  it("an Authority we never issued is refused with 404 and Zarinpal is not asked", async ({ call, startCharge, zarinpal }) => {
    await startCharge();
    const before = zarinpal.verifyCalls;
    const refused = await call("payments/zarinpal/callback?Authority=A000000000000000000000000000NOTOURS&Status=OK", undefined, {
      method: "GET",
    });
    expect(refused.status).toBe(404);
    expect(zarinpal.verifyCalls).toBe(before);
  });

  it("a verify timeout leaves the payment pending for reconciliation", async ({ database, call, startCharge, zarinpal }) => {
    const { token, authority, transaction } = await startCharge();
    zarinpal.setDelay(3000);
    try {
      await call(callbackPath(zarinpal.pay(authority)), undefined, { method: "GET" });
    } finally {
      zarinpal.setDelay(0);
    }
    const one = await call(`wallet/transactions/${transaction.id}`, undefined, { method: "GET", token });
    expect(one.body.data.status).toBe("pending");
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
