import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ledgerTransfers, transactions, users } from "@/server/db/schema";
import { localizedPath } from "@/lib/i18n/negotiate";
import { checkLedgerInvariants } from "@/server/ledger";
import { reconcilePayments } from "@/server/payments/reconcile";
import { apiTest } from "@/tests/api/support/fixture";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";

const it = apiTest
  // Starts a sandbox charge and answers the payer's choice on the bank page; returns the callback's answer.
  .extend(
    "chargeThroughSandbox",
    ({ call }) =>
      async function chargeThroughSandbox(token: string, amount: number, decision: "pay" | "cancel") {
        const charged = await call("wallet/charge", { amount, gateway: "sandbox" }, { token });
        expect(charged.status).toBe(200);
        const authority = (charged.body.data.redirect_url as string).split("/").at(-1)!;
        // The bank's page shows the payment before the payer decides.
        const page = await call(`payments/sandbox/${authority}`, undefined, { method: "GET" });
        expect(page.status).toBe(200);
        expect(page.body.data).toMatchObject({ authority, amount });
        const decided = await call(`payments/sandbox/${authority}/decision`, { decision });
        expect(decided.status).toBe(200);
        const callback = new URL(decided.body.data.redirect_url as string, "http://localhost");
        const back = await call(`${callback.pathname.replace(/^\/api\//, "")}${callback.search}`, undefined, { method: "GET" });
        return { charged, authority, callback, back };
      },
  )
  .override("client", ({ serial }) => ({ address: `10.5.${Math.floor(serial / 250)}.${serial % 250}` }))
  .override("appDeps", ({ gateways }) => ({ gateways }));

describe("wallet", () => {
  it("starts empty, and refuses anonymous callers", async ({ sms, call, get }) => {
    const { token } = await registerAndSignIn(call, sms);
    const wallet = await get("wallet", token);
    expect(wallet.body.data).toEqual({ wallet_balance: 0, earnings_balance: 0, held_balance: 0 });
    expect((await get("wallet")).status).toBe(401);
    expect((await call("wallet/charge", { amount: 1_000_000, gateway: "sandbox" })).status).toBe(401);
    expect((await get("wallet/transactions")).status).toBe(401);
  });

  it("validates the charge: whole Rials from 100,000 to 500,000,000, a configured gateway", async ({ database, sms, call }) => {
    const { token } = await registerAndSignIn(call, sms);
    for (const amount of [99_999, 500_000_001, 1500.5, "1000000", -5]) {
      const refused = await call("wallet/charge", { amount, gateway: "sandbox" }, { token, locale: "fa-IR" });
      expect(refused.status, String(amount)).toBe(422);
      expect(refused.body.error!.fields!.amount).toBeTruthy();
    }
    const unknown = await call("wallet/charge", { amount: 1_000_000, gateway: "zarinpal" }, { token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error!.message).toBe("This payment method is not available.");
    expect(await database.db.select().from(transactions)).toHaveLength(0);
  });

  it("brings the payer back in the language the payment began in, not the account's or the returning browser's", async ({
    database,
    sms,
    call,
  }) => {
    const { token, user } = await registerAndSignIn(call, sms);
    // The account speaks Arabic; each payment begins on a page of another language and comes back with a third.
    await database.db.update(users).set({ locale: "ar-AE" }).where(eq(users.id, user.id));
    for (const [began, returning] of [
      ["en-US", "fa-IR"],
      ["tr-TR", "fa-IR"],
      ["fa-IR", "en-US"],
    ] as const) {
      const charged = await call("wallet/charge", { amount: 1_000_000, gateway: "sandbox" }, { token, locale: began });
      expect(charged.status).toBe(200);
      const id = charged.body.data.transaction.id as string;
      // The bank's page opens in that language too, and its decision (sent from that page) names it for the return.
      const authority = (charged.body.data.redirect_url as string).split("/").at(-1)!;
      expect(charged.body.data.redirect_url).toBe(localizedPath(began, `/sandbox-bank/${authority}`));
      const decided = await call(`payments/sandbox/${authority}/decision`, { decision: "pay" }, { locale: began });
      const callback = new URL(decided.body.data.redirect_url as string, "http://localhost");
      expect(callback.searchParams.get("lang")).toBe(began);
      const back = await call(`${callback.pathname.replace(/^\/api\//, "")}${callback.search}`, undefined, {
        method: "GET",
        locale: returning,
      });
      expect(back.status).toBe(303);
      expect(back.response.headers.get("location")).toBe(`${localizedPath(began, "/dashboard/payment-result")}?tx=${id}`);
    }
    // A language nobody speaks here is ignored: the account's own.
    const charged = await call("wallet/charge", { amount: 1_000_000, gateway: "sandbox" }, { token });
    const authority = (charged.body.data.redirect_url as string).split("/").at(-1)!;
    await call(`payments/sandbox/${authority}/decision`, { decision: "pay" });
    const back = await call(
      `payments/sandbox/callback?tx=${charged.body.data.transaction.id}&lang=xx-YY&Authority=${authority}&Status=OK`,
      undefined,
      {
        method: "GET",
      },
    );
    expect(back.response.headers.get("location")).toBe(`/ar-AE/dashboard/payment-result?tx=${charged.body.data.transaction.id}`);
  });

  it("charges through the sandbox: pending, paid on the callback, credited exactly once", async ({
    database,
    sms,
    call,
    get,
    chargeThroughSandbox,
  }) => {
    const { token } = await registerAndSignIn(call, sms);
    const { charged, back, callback } = await chargeThroughSandbox(token, 1_000_000, "pay");
    expect(charged.body.data.transaction).toMatchObject({
      amount: 1_000_000,
      status: "pending",
      intent: "wallet_charge",
      gateway: "sandbox",
    });
    expect(back.status).toBe(303);
    expect(back.response.headers.get("location")).toBe(`/en-US/dashboard/payment-result?tx=${charged.body.data.transaction.id}`);
    const wallet = await get("wallet", token);
    expect(wallet.body.data.wallet_balance).toBe(1_000_000);
    const one = await get(`wallet/transactions/${charged.body.data.transaction.id}`, token);
    expect(one.body.data).toMatchObject({ status: "paid", amount: 1_000_000 });
    expect(one.body.data.reference).toMatch(/^SBX-REF-/);
    expect(one.body.data.approved_at).toBeTruthy();

    // The callback again, and with a tampered amount: nothing more is credited.
    const tampered = `${callback.pathname.replace(/^\/api\//, "")}${callback.search}&amount=999999999&Status=OK`;
    for (let i = 0; i < 5; i++) expect((await call(tampered, undefined, { method: "GET" })).status).toBe(303);
    expect((await get("wallet", token)).body.data.wallet_balance).toBe(1_000_000);
    expect(await database.db.select().from(ledgerTransfers)).toHaveLength(1);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
    const me = await get("me", token);
    expect(me.body.data.wallet_balance).toBe(1_000_000);
  });

  it("a cancelled payment fails and credits nothing", async ({ sms, call, get, chargeThroughSandbox }) => {
    const { token } = await registerAndSignIn(call, sms);
    const { charged } = await chargeThroughSandbox(token, 2_000_000, "cancel");
    const one = await get(`wallet/transactions/${charged.body.data.transaction.id}`, token);
    expect(one.body.data.status).toBe("failed");
    expect((await get("wallet", token)).body.data.wallet_balance).toBe(0);
  });

  it("lists transactions by status with pagination; nobody else sees them", async ({ sms, call, get, chargeThroughSandbox }) => {
    const { token } = await registerAndSignIn(call, sms);
    await chargeThroughSandbox(token, 1_000_000, "pay");
    await chargeThroughSandbox(token, 2_000_000, "cancel");
    const pending = await call("wallet/charge", { amount: 3_000_000, gateway: "sandbox" }, { token });
    const all = await get("wallet/transactions", token);
    expect(all.body.meta).toEqual({ page: 1, per_page: 10, total: 3 });
    expect(all.body.data.map((t: { amount: number }) => t.amount)).toEqual([3_000_000, 2_000_000, 1_000_000]);
    expect((await get("wallet/transactions?status=paid", token)).body.data).toHaveLength(1);
    expect((await get("wallet/transactions?status=failed", token)).body.data[0].amount).toBe(2_000_000);
    expect((await get("wallet/transactions?status=pending&per_page=1&page=1", token)).body.meta.total).toBe(1);
    expect((await get("wallet/transactions?status=weird", token)).status).toBe(422);

    const other = await registerAndSignIn(call, sms, { phone: "09350000055", email: "other@example.com" });
    expect((await get(`wallet/transactions/${pending.body.data.transaction.id}`, other.token)).status).toBe(404);
    expect((await get("wallet/transactions", other.token)).body.meta.total).toBe(0);
  });

  it("refuses a callback for a payment we never issued", async ({ call }) => {
    const refused = await call("payments/sandbox/callback?Authority=SBXNOTOURS&Status=OK", undefined, { method: "GET" });
    expect(refused.status).toBe(404);
    expect((await call("payments/nosuch/callback?tx=x", undefined, { method: "GET" })).status).toBe(404);
  });

  it("reconciliation credits a paid payment whose callback never came, and fails what stays unpaid for an hour", async ({
    database,
    sms,
    gateways,
    call,
    get,
  }) => {
    const { token } = await registerAndSignIn(call, sms);
    const paid = await call("wallet/charge", { amount: 4_000_000, gateway: "sandbox" }, { token });
    const paidAuthority = (paid.body.data.redirect_url as string).split("/").at(-1)!;
    await call(`payments/sandbox/${paidAuthority}/decision`, { decision: "pay" }); // the browser never comes back
    const abandoned = await call("wallet/charge", { amount: 5_000_000, gateway: "sandbox" }, { token });
    const now = Date.now();
    expect(await reconcilePayments({ db: database.db, now: new Date(now), gateways })).toEqual({ checked: 0, paid: 0, failed: 0 });
    await database.db
      .update(transactions)
      .set({ createdAt: new Date(now - 16 * 60 * 1000) })
      .where(eq(transactions.id, paid.body.data.transaction.id));
    await database.db
      .update(transactions)
      .set({ createdAt: new Date(now - 61 * 60 * 1000) })
      .where(eq(transactions.id, abandoned.body.data.transaction.id));
    expect(await reconcilePayments({ db: database.db, now: new Date(now), gateways })).toEqual({ checked: 2, paid: 1, failed: 1 });
    expect((await get("wallet", token)).body.data.wallet_balance).toBe(4_000_000);
    expect(await reconcilePayments({ db: database.db, now: new Date(now), gateways })).toEqual({ checked: 0, paid: 0, failed: 0 });
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
