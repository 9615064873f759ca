import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { nowpaymentsGateway } from "@/server/adapters/payments/nowpayments";
import { decideSandboxPayment, sandboxGateway } from "@/server/adapters/payments/sandbox";
import { gatewaysFromEnv, PaymentConfigError } from "@/server/adapters/payments/registry";
import { stripeGateway } from "@/server/adapters/payments/stripe";
import { appendQuery, GatewayError, parseRate, rialsToUsdCents, type PaymentGateway } from "@/server/adapters/payments/types";
import { toZarinpalMobile, zarinpalGateway } from "@/server/adapters/payments/zarinpal";
import { startFakeNowPayments, type FakeNowPayments } from "../../support/fake-nowpayments";
import { startFakeStripe, type FakeStripe } from "../../support/fake-stripe";
import { startFakeZarinpal, type FakeZarinpal } from "../../support/fake-zarinpal";
import type { Database } from "@/server/db/client";
import { transactions, users } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { startWalletCharge } from "@/server/payments/charge-wallet";
import { settlePayment } from "@/server/payments/settle-payment";
import type { GatewayId } from "@/server/adapters/payments/types";
import { caller, registerAndSignIn } from "@/tests/api/support/account-helpers";
import { openTestDatabase, recordingSms, testApp } from "@/tests/api/support/helpers";

const MERCHANT_ID = "1344b5d4-0048-11e8-94db-005056a205be";
const STRIPE_KEY = "sk_test_51TakapooSecretKeyForTests0000wxyz";
const NOWPAYMENTS_KEY = "NP7Q2KD-TEST-KEY-9XM4ZR1";
/** Rials per US dollar. */
const RATE = 1_050_000;

let zarinpal: FakeZarinpal;
let stripe: FakeStripe;
let nowpayments: FakeNowPayments;

beforeAll(async () => {
  [zarinpal, stripe, nowpayments] = await Promise.all([
    startFakeZarinpal({ merchantId: MERCHANT_ID }),
    startFakeStripe({ secretKey: STRIPE_KEY }),
    startFakeNowPayments({ apiKey: NOWPAYMENTS_KEY }),
  ]);
});
afterAll(() => Promise.all([zarinpal.close(), stripe.close(), nowpayments.close()]));
afterEach(() => {
  zarinpal.setDelay(0);
  stripe.setDelay(0);
  nowpayments.setDelay(0);
});

let serial = 0;
function paymentInput(gateway: string, amount: number, extra: { mobile?: string; email?: string } = {}) {
  const transactionId = `tx-${gateway}-${++serial}`;
  return {
    transactionId,
    amount,
    description: "شارژ کیف پول تکاپو",
    callbackUrl: `https://takapoo.test/api/payments/${gateway}/callback?tx=${transactionId}`,
    ...extra,
  };
}

function queryOf(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

async function gatewayError(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

function expectNoSecret(error: Error, ...secrets: string[]): void {
  for (const text of [error.message, String(error), error.stack ?? "", JSON.stringify(error)]) {
    for (const secret of secrets) expect(text).not.toContain(secret);
  }
}

describe("Zarinpal (Shetab) against a Zarinpal-compatible server", () => {
  const gateway = () => zarinpalGateway({ merchantId: MERCHANT_ID, baseUrl: `${zarinpal.url}/` });

  it("creates a payment by request.json in Rials and redirects to StartPay/{authority}", async () => {
    const input = paymentInput("zarinpal", 2_500_000, { mobile: "+989121234567", email: "ali@example.com" });
    const created = await gateway().create(input);

    expect(created.authority).toMatch(/^A\d{35}$/);
    expect(created.redirectUrl).toBe(`${zarinpal.url}/pg/StartPay/${created.authority}`);
    expect(created.providerAmount).toBeUndefined();
    expect(zarinpal.requests.at(-1)).toEqual({
      merchant_id: MERCHANT_ID,
      amount: 2_500_000,
      currency: "IRR",
      description: input.description,
      callback_url: input.callbackUrl,
      metadata: { order_id: input.transactionId, mobile: "09121234567", email: "ali@example.com" },
    });
    expect(gateway().id).toBe("zarinpal");
    expect(gateway().kind).toBe("shetab");
  });

  it("verifies a paid payment: Status=OK callback → verify.json code 100 → paid with ref_id", async () => {
    const input = paymentInput("zarinpal", 1_200_000);
    const created = await gateway().create(input);
    const callback = queryOf(zarinpal.pay(created.authority));
    expect(callback.get("tx")).toBe(input.transactionId);
    expect(callback.get("Status")).toBe("OK");
    expect(gateway().authorityFromCallback(callback)).toBe(created.authority);

    const result = await gateway().verify({ authority: created.authority, amount: input.amount, callback });
    expect(result).toEqual({ status: "paid", reference: String(zarinpal.payments.get(created.authority)?.refId) });
    expect(zarinpal.payments.get(created.authority)?.verified).toBe(true);
  });

  it("still asks Zarinpal after a Status=NOK callback: -51 → failed", async () => {
    const input = paymentInput("zarinpal", 1_200_000);
    const created = await gateway().create(input);
    const callback = queryOf(zarinpal.cancel(created.authority));
    expect(callback.get("Status")).toBe("NOK");

    const before = zarinpal.verifyCalls;
    const result = await gateway().verify({ authority: created.authority, amount: input.amount, callback });
    expect(result).toEqual({ status: "failed", reason: "not_paid" });
    expect(zarinpal.verifyCalls).toBe(before + 1);
  });

  it("does not trust a forged Status=OK for an unpaid payment", async () => {
    const input = paymentInput("zarinpal", 1_200_000);
    const created = await gateway().create(input);
    const callback = new URLSearchParams({ tx: input.transactionId, Authority: created.authority, Status: "OK" });
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback })).toEqual({
      status: "failed",
      reason: "not_paid",
    });
  });

  it("fails on an amount mismatch (-50): the amount is ours, never the callback's", async () => {
    const input = paymentInput("zarinpal", 1_200_000);
    const created = await gateway().create(input);
    const callback = queryOf(zarinpal.pay(created.authority));
    callback.set("amount", "1200000");

    const result = await gateway().verify({ authority: created.authority, amount: 12_000_000, callback });
    expect(result).toEqual({ status: "failed", reason: "amount_mismatch" });
    expect(zarinpal.payments.get(created.authority)?.verified).toBe(false);
  });

  it("answers already_verified (101) with the same reference on a second verify", async () => {
    const input = paymentInput("zarinpal", 3_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(zarinpal.pay(created.authority));

    const first = await gateway().verify({ authority: created.authority, amount: input.amount, callback });
    const second = await gateway().verify({ authority: created.authority, amount: input.amount, callback });
    expect(first.status).toBe("paid");
    expect(second).toEqual({ status: "already_verified", reference: first.status === "paid" ? first.reference : "" });
  });

  it("fails an authority Zarinpal does not know (-54) and one that is not an authority without asking", async () => {
    const callback = new URLSearchParams();
    expect(await gateway().verify({ authority: `A${"9".repeat(35)}`, amount: 1_000_000, callback })).toEqual({
      status: "failed",
      reason: "unknown_payment",
    });
    const before = zarinpal.verifyCalls;
    expect(await gateway().verify({ authority: "../../x", amount: 1_000_000, callback })).toEqual({
      status: "failed",
      reason: "unknown_payment",
    });
    expect(zarinpal.verifyCalls).toBe(before);
  });

  it("reads error codes whatever the HTTP status of the answer", async () => {
    const strict = await startFakeZarinpal({ merchantId: MERCHANT_ID, errorHttpStatus: 422 });
    try {
      const adapter = zarinpalGateway({ merchantId: MERCHANT_ID, baseUrl: strict.url });
      const input = paymentInput("zarinpal", 1_500_000);
      const created = await adapter.create(input);
      const callback = queryOf(strict.cancel(created.authority));
      expect(await adapter.verify({ authority: created.authority, amount: input.amount, callback })).toEqual({
        status: "failed",
        reason: "not_paid",
      });
      const error = await gatewayError(zarinpalGateway({ merchantId: "wrong-merchant", baseUrl: strict.url }).create(input));
      expect(error).toMatchObject({ reason: "rejected", providerCode: -10, httpStatus: 422 });
    } finally {
      await strict.close();
    }
  });

  it("gives up after timeoutMs with GatewayError unavailable", async () => {
    zarinpal.setDelay(1_000);
    const adapter = zarinpalGateway({ merchantId: MERCHANT_ID, baseUrl: zarinpal.url, timeoutMs: 50 });
    const started = Date.now();
    const error = await gatewayError(adapter.create(paymentInput("zarinpal", 1_000_000)));
    expect(Date.now() - started).toBeLessThan(900);
    expect(error).toMatchObject({ gateway: "zarinpal", reason: "unavailable", httpStatus: null });
    expect(error.message).toContain("timed out");

    const verifyError = await gatewayError(
      adapter.verify({ authority: `A${"1".repeat(35)}`, amount: 1_000_000, callback: new URLSearchParams() }),
    );
    expect(verifyError.reason).toBe("unavailable");
  });

  it("rejects a wrong merchant id (-10) without naming it, on create and on verify", async () => {
    const wrongMerchant = "ffffffff-1111-2222-3333-444444444444";
    const adapter = zarinpalGateway({ merchantId: wrongMerchant, baseUrl: zarinpal.url });
    const error = await gatewayError(adapter.create(paymentInput("zarinpal", 1_000_000)));
    expect(error).toMatchObject({ gateway: "zarinpal", reason: "rejected", providerCode: -10 });
    expect(error.message).toContain("-10");
    expectNoSecret(error, wrongMerchant, MERCHANT_ID);

    // The payment exists, but our terminal is refused: not a verdict on the payment, so not "failed".
    const input = paymentInput("zarinpal", 1_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(zarinpal.pay(created.authority));
    const verifyError = await gatewayError(adapter.verify({ authority: created.authority, amount: input.amount, callback }));
    expect(verifyError).toMatchObject({ reason: "rejected", providerCode: -10 });
    expectNoSecret(verifyError, wrongMerchant);
  });

  it("reports validation errors (-9) as rejected with Zarinpal's explanation", async () => {
    const error = await gatewayError(gateway().create(paymentInput("zarinpal", 500)));
    expect(error).toMatchObject({ reason: "rejected", providerCode: -9 });
    expect(error.message).toContain("amount");
    await expect(gateway().create(paymentInput("zarinpal", 10.5))).rejects.toMatchObject({ reason: "rejected" });
  });

  it("treats HTTP 5xx, too many attempts (-12) and a closed port as unavailable", async () => {
    zarinpal.failNext(502);
    expect(await gatewayError(gateway().create(paymentInput("zarinpal", 1_000_000)))).toMatchObject({
      reason: "unavailable",
      httpStatus: 502,
    });
    zarinpal.failNextWithCode(-12);
    expect(await gatewayError(gateway().create(paymentInput("zarinpal", 1_000_000)))).toMatchObject({
      reason: "unavailable",
      providerCode: -12,
    });
    zarinpal.failNextWithCode(-12);
    const unverified = await gatewayError(
      gateway().verify({ authority: `A${"2".repeat(35)}`, amount: 1, callback: new URLSearchParams() }),
    );
    expect(unverified.reason).toBe("unavailable");

    const closed = await startFakeZarinpal({ merchantId: MERCHANT_ID });
    await closed.close();
    const error = await gatewayError(
      zarinpalGateway({ merchantId: MERCHANT_ID, baseUrl: closed.url }).create(paymentInput("zarinpal", 1_000_000)),
    );
    expect(error.reason).toBe("unavailable");
    expectNoSecret(error, MERCHANT_ID);
  });

  it("reads Authority from the callback and ignores anything that is not one", () => {
    const adapter = gateway();
    expect(adapter.authorityFromCallback(new URLSearchParams("tx=1&Authority=A00000000000000000000000000217885159&Status=OK"))).toBe(
      "A00000000000000000000000000217885159",
    );
    expect(adapter.authorityFromCallback(new URLSearchParams("tx=1&Authority=%3Cscript%3E"))).toBeNull();
    expect(adapter.authorityFromCallback(new URLSearchParams("tx=1"))).toBeNull();
  });

  it("sends mobile numbers in Zarinpal's 09… form and leaves out the others", () => {
    expect(toZarinpalMobile("+989121234567")).toBe("09121234567");
    expect(toZarinpalMobile("09121234567")).toBe("09121234567");
    expect(toZarinpalMobile("+14155550123")).toBeNull();
  });
});

describe("Stripe Checkout (Visa/Mastercard) against a Stripe-compatible server", () => {
  const gateway = (rate = RATE) => stripeGateway({ secretKey: STRIPE_KEY, irrPerUsd: rate, baseUrl: stripe.url });

  it("creates a Checkout Session in US cents (rounded up) and redirects to its url", async () => {
    const input = paymentInput("stripe", 52_500_001, { email: "sara@example.com" });
    const created = await gateway().create(input);

    expect(created.authority).toMatch(/^cs_test_/);
    const session = stripe.sessions.get(created.authority);
    expect(created.redirectUrl).toBe(session?.url);
    // 52,500,001 Rials at 1,050,000 Rials/USD = $50.00000095 → 5001 cents.
    expect(created.providerAmount).toEqual({ value: 50.01, currency: "USD" });
    expect(session).toMatchObject({ amount_total: 5001, currency: "usd", client_reference_id: input.transactionId, mode: "payment" });

    const form = stripe.requests.at(-1);
    expect(Object.fromEntries(form ?? [])).toEqual({
      mode: "payment",
      "payment_method_types[0]": "card",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "5001",
      "line_items[0][price_data][product_data][name]": input.description,
      "line_items[0][quantity]": "1",
      success_url: `${input.callbackUrl}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${input.callbackUrl}&cancelled=1`,
      client_reference_id: input.transactionId,
      "metadata[transaction_id]": input.transactionId,
      expires_at: expect.stringMatching(/^\d+$/),
      customer_email: "sara@example.com",
    });
    // 31 minutes: Stripe's minimum is 30, and a session must not outlive our hour of reconciliation.
    const expiresIn = Number(form?.get("expires_at")) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(30 * 60);
    expect(expiresIn).toBeLessThanOrEqual(31 * 60);
    expect(gateway().kind).toBe("card");
  });

  it("verifies a paid session: session_id from the success redirect → paid with the PaymentIntent", async () => {
    const input = paymentInput("stripe", 21_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(stripe.pay(created.authority));
    expect(callback.get("tx")).toBe(input.transactionId);
    expect(gateway().authorityFromCallback(callback)).toBe(created.authority);

    const result = await gateway().verify({
      authority: created.authority,
      amount: input.amount,
      callback,
      providerAmount: created.providerAmount,
    });
    expect(result).toEqual({ status: "paid", reference: stripe.sessions.get(created.authority)?.payment_intent });
    expect(result.status === "paid" && result.reference).toMatch(/^pi_/);
    // Stripe has no "verified before": asking again answers the same.
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback })).toEqual(result);
  });

  it("judges by the amount recorded at create, so a new rate does not fail a paid session", async () => {
    const input = paymentInput("stripe", 21_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(stripe.pay(created.authority));
    const afterRateChange = gateway(1_200_000);
    expect(
      await afterRateChange.verify({
        authority: created.authority,
        amount: input.amount,
        callback,
        providerAmount: created.providerAmount,
      }),
    ).toMatchObject({
      status: "paid",
    });
    // Without the recorded amount the Rials are converted again, and $20.00 ≠ $17.50.
    expect(await afterRateChange.verify({ authority: created.authority, amount: input.amount, callback })).toEqual({
      status: "failed",
      reason: "amount_mismatch",
    });
  });

  it("expires the session when the payer cancelled, and fails the payment", async () => {
    const input = paymentInput("stripe", 21_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(stripe.cancel(created.authority));
    expect(callback.get("cancelled")).toBe("1");
    expect(gateway().authorityFromCallback(callback)).toBeNull();

    const before = stripe.expireCalls;
    const result = await gateway().verify({
      authority: created.authority,
      amount: input.amount,
      callback,
      providerAmount: created.providerAmount,
    });
    expect(result).toEqual({ status: "failed", reason: "cancelled" });
    expect(stripe.expireCalls).toBe(before + 1);
    expect(stripe.sessions.get(created.authority)?.status).toBe("expired");
  });

  it("a cancel link does not fail a session that was paid meanwhile", async () => {
    const input = paymentInput("stripe", 21_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(stripe.cancel(created.authority));
    stripe.pay(created.authority);
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback })).toMatchObject({ status: "paid" });
  });

  it("leaves an open session pending when the payer did not cancel", async () => {
    const input = paymentInput("stripe", 21_000_000);
    const created = await gateway().create(input);
    const callback = new URLSearchParams({ tx: input.transactionId, session_id: created.authority });
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback })).toEqual({
      status: "pending",
      reason: "open",
    });
    expect(stripe.sessions.get(created.authority)?.status).toBe("open");
  });

  it("fails when amount_total or currency differs from what we asked for", async () => {
    const input = paymentInput("stripe", 21_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(stripe.pay(created.authority));
    stripe.update(created.authority, { amount_total: 1 });
    expect(
      await gateway().verify({ authority: created.authority, amount: input.amount, callback, providerAmount: created.providerAmount }),
    ).toEqual({
      status: "failed",
      reason: "amount_mismatch",
    });
    stripe.update(created.authority, { amount_total: 2000, currency: "eur" });
    expect(
      await gateway().verify({ authority: created.authority, amount: input.amount, callback, providerAmount: created.providerAmount }),
    ).toEqual({
      status: "failed",
      reason: "currency_mismatch",
    });
  });

  it("fails expired and unknown sessions", async () => {
    const input = paymentInput("stripe", 21_000_000);
    const created = await gateway().create(input);
    stripe.update(created.authority, { status: "expired", url: null });
    const callback = new URLSearchParams({ tx: input.transactionId });
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback })).toEqual({
      status: "failed",
      reason: "expired",
    });
    const lapsed = await gateway().create(paymentInput("stripe", 21_000_000));
    stripe.update(lapsed.authority, { expires_at: Math.floor(Date.now() / 1000) - 1 });
    expect(await gateway().verify({ authority: lapsed.authority, amount: input.amount, callback })).toEqual({
      status: "failed",
      reason: "expired",
    });
    expect(await gateway().verify({ authority: "cs_test_doesNotExist", amount: input.amount, callback })).toEqual({
      status: "failed",
      reason: "unknown_payment",
    });
  });

  it("gives up after timeoutMs with GatewayError unavailable", async () => {
    stripe.setDelay(1_000);
    const adapter = stripeGateway({ secretKey: STRIPE_KEY, irrPerUsd: RATE, baseUrl: stripe.url, timeoutMs: 50 });
    const error = await gatewayError(adapter.create(paymentInput("stripe", 21_000_000)));
    expect(error).toMatchObject({ gateway: "stripe", reason: "unavailable", httpStatus: null });
    expectNoSecret(error, STRIPE_KEY);
  });

  it("rejects a wrong secret key (401) without quoting any part of it", async () => {
    const wrongKey = "sk_test_51WrongKeyWrongKeyWrongKey9876";
    const adapter = stripeGateway({ secretKey: wrongKey, irrPerUsd: RATE, baseUrl: stripe.url });
    const error = await gatewayError(adapter.create(paymentInput("stripe", 21_000_000)));
    expect(error).toMatchObject({ gateway: "stripe", reason: "rejected", httpStatus: 401 });
    expectNoSecret(error, wrongKey, "9876", STRIPE_KEY);

    const verifyError = await gatewayError(adapter.verify({ authority: "cs_test_abc", amount: 1, callback: new URLSearchParams() }));
    expect(verifyError).toMatchObject({ reason: "rejected", httpStatus: 401 });
    expectNoSecret(verifyError, wrongKey, "9876");
  });

  it("reports Stripe's validation errors as rejected and its 5xx/429 as unavailable", async () => {
    // 100,000 Rials ≈ 10 cents: below Stripe's $0.50 minimum.
    const tooSmall = await gatewayError(gateway().create(paymentInput("stripe", 100_000)));
    expect(tooSmall).toMatchObject({ reason: "rejected", providerCode: "amount_too_small", httpStatus: 400 });

    stripe.failNext(500);
    expect(await gatewayError(gateway().create(paymentInput("stripe", 21_000_000)))).toMatchObject({
      reason: "unavailable",
      httpStatus: 500,
    });
    stripe.failNext(429);
    expect(await gatewayError(gateway().verify({ authority: "cs_test_x", amount: 1, callback: new URLSearchParams() }))).toMatchObject({
      reason: "unavailable",
      httpStatus: 429,
    });
  });

  it("reads session_id from the success redirect only", () => {
    const adapter = gateway();
    expect(adapter.authorityFromCallback(new URLSearchParams("tx=1&session_id=cs_test_a1B2"))).toBe("cs_test_a1B2");
    expect(adapter.authorityFromCallback(new URLSearchParams("tx=1&session_id={CHECKOUT_SESSION_ID}"))).toBeNull();
    expect(adapter.authorityFromCallback(new URLSearchParams("tx=1&cancelled=1&session_id=cs_test_a1B2"))).toBeNull();
  });
});

describe("NOWPayments (crypto) against a NOWPayments-compatible server", () => {
  const gateway = (rate = RATE) => nowpaymentsGateway({ apiKey: NOWPAYMENTS_KEY, irrPerUsd: rate, baseUrl: nowpayments.url });

  it("creates an invoice in USD (2 decimals, rounded up) and redirects to its invoice_url", async () => {
    const input = paymentInput("nowpayments", 12_345_678);
    const created = await gateway().create(input);

    const invoice = nowpayments.invoices.get(created.authority);
    expect(created.authority).toMatch(/^\d+$/);
    expect(created.redirectUrl).toBe(invoice?.invoice_url);
    // 12,345,678 / 1,050,000 = 11.7578 → $11.76
    expect(created.providerAmount).toEqual({ value: 11.76, currency: "USD" });
    expect(nowpayments.requests.at(-1)).toEqual({
      price_amount: 11.76,
      price_currency: "usd",
      order_id: input.transactionId,
      order_description: input.description,
      success_url: input.callbackUrl,
      cancel_url: `${input.callbackUrl}&cancelled=1`,
    });
    expect(gateway().kind).toBe("crypto");
  });

  it("verifies a finished payment named by NP_id in the success redirect", async () => {
    const input = paymentInput("nowpayments", 21_000_000);
    const created = await gateway().create(input);
    const { paymentId, callbackUrl } = nowpayments.pay(created.authority);
    const callback = queryOf(callbackUrl);
    expect(callback.get("tx")).toBe(input.transactionId);
    expect(callback.get("NP_id")).toBe(paymentId);
    // The redirect does not name the invoice: the caller finds the transaction by tx.
    expect(gateway().authorityFromCallback(callback)).toBeNull();

    expect(
      await gateway().verify({ authority: created.authority, amount: input.amount, callback, providerAmount: created.providerAmount }),
    ).toEqual({
      status: "paid",
      reference: paymentId,
    });
    nowpayments.update(paymentId, { payment_status: "confirmed" });
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback })).toEqual({
      status: "paid",
      reference: paymentId,
    });
  });

  it("answers pending while coins are unconfirmed, failed once the payment failed", async () => {
    const input = paymentInput("nowpayments", 21_000_000);
    const created = await gateway().create(input);
    const { paymentId, callbackUrl } = nowpayments.pay(created.authority, { status: "waiting" });
    const callback = queryOf(callbackUrl);
    const verify = () => gateway().verify({ authority: created.authority, amount: input.amount, callback });

    expect(await verify()).toEqual({ status: "pending", reason: "waiting" });
    nowpayments.update(paymentId, { payment_status: "confirming" });
    expect(await verify()).toEqual({ status: "pending", reason: "confirming" });
    for (const status of ["partially_paid", "failed", "expired", "refunded"] as const) {
      nowpayments.update(paymentId, { payment_status: status });
      expect(await verify()).toEqual({ status: "failed", reason: status });
    }
  });

  it("fails a cancelled invoice without asking NOWPayments", async () => {
    const input = paymentInput("nowpayments", 21_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(nowpayments.cancel(created.authority));
    expect(callback.get("cancelled")).toBe("1");
    const before = nowpayments.paymentCalls;
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback })).toEqual({
      status: "failed",
      reason: "cancelled",
    });
    expect(nowpayments.paymentCalls).toBe(before);

    // Without NP_id (a later re-check, a payer who closed the page) nothing can be asked: nothing is concluded.
    const bare = new URLSearchParams({ tx: input.transactionId });
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback: bare })).toEqual({
      status: "pending",
      reason: "no_payment_id",
    });
    expect(nowpayments.paymentCalls).toBe(before);
  });

  it("fails when the payment's price differs from what we asked for", async () => {
    const input = paymentInput("nowpayments", 21_000_000);
    const created = await gateway().create(input);
    const { paymentId, callbackUrl } = nowpayments.pay(created.authority);
    nowpayments.update(paymentId, { price_amount: 2 });
    expect(
      await gateway().verify({
        authority: created.authority,
        amount: input.amount,
        callback: queryOf(callbackUrl),
        providerAmount: created.providerAmount,
      }),
    ).toEqual({
      status: "failed",
      reason: "amount_mismatch",
    });
  });

  it("fails an NP_id that belongs to another invoice, is unknown, or is not a payment id", async () => {
    const cheap = await gateway().create(paymentInput("nowpayments", 1_050_000));
    const { callbackUrl: cheapCallback } = nowpayments.pay(cheap.authority);
    const input = paymentInput("nowpayments", 210_000_000);
    const created = await gateway().create(input);
    const reused = queryOf(cheapCallback);
    reused.set("tx", input.transactionId);
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback: reused })).toEqual({
      status: "failed",
      reason: "invoice_mismatch",
    });

    const unknown = new URLSearchParams({ tx: input.transactionId, NP_id: "9999999999" });
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback: unknown })).toEqual({
      status: "failed",
      reason: "unknown_payment",
    });
    const before = nowpayments.paymentCalls;
    const garbage = new URLSearchParams({ tx: input.transactionId, NP_id: "../invoice" });
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback: garbage })).toEqual({
      status: "failed",
      reason: "unknown_payment",
    });
    expect(nowpayments.paymentCalls).toBe(before);
  });

  it("gives up after timeoutMs with GatewayError unavailable", async () => {
    nowpayments.setDelay(1_000);
    const adapter = nowpaymentsGateway({ apiKey: NOWPAYMENTS_KEY, irrPerUsd: RATE, baseUrl: nowpayments.url, timeoutMs: 50 });
    const error = await gatewayError(
      adapter.verify({ authority: "4522625843", amount: 1, callback: new URLSearchParams({ NP_id: "5524759814" }) }),
    );
    expect(error).toMatchObject({ gateway: "nowpayments", reason: "unavailable", httpStatus: null });
  });

  it("rejects a wrong API key (403) without naming it", async () => {
    const wrongKey = "WRONG-NP-KEY-000111";
    const adapter = nowpaymentsGateway({ apiKey: wrongKey, irrPerUsd: RATE, baseUrl: nowpayments.url });
    const error = await gatewayError(adapter.create(paymentInput("nowpayments", 21_000_000)));
    expect(error).toMatchObject({ gateway: "nowpayments", reason: "rejected", httpStatus: 403, providerCode: "INVALID_API_KEY" });
    expectNoSecret(error, wrongKey, NOWPAYMENTS_KEY);

    const verifyError = await gatewayError(adapter.verify({ authority: "1", amount: 1, callback: new URLSearchParams({ NP_id: "1" }) }));
    expect(verifyError).toMatchObject({ reason: "rejected", httpStatus: 403 });
    expectNoSecret(verifyError, wrongKey);
  });

  it("treats HTTP 5xx as unavailable", async () => {
    nowpayments.failNext(503);
    expect(await gatewayError(gateway().create(paymentInput("nowpayments", 21_000_000)))).toMatchObject({
      reason: "unavailable",
      httpStatus: 503,
    });
  });
});

describe("amount conversion", () => {
  it("converts Rials to US cents exactly, rounding up", () => {
    expect(rialsToUsdCents(52_500_000, 1_050_000)).toBe(5000);
    expect(rialsToUsdCents(52_500_001, 1_050_000)).toBe(5001);
    expect(rialsToUsdCents(1, 1_050_000)).toBe(1);
    expect(rialsToUsdCents(10_000_000, 1_000_000.5)).toBe(1000);
    expect(rialsToUsdCents(9_000_000_000_000, 1_050_000)).toBe(857_142_858);
    expect(() => rialsToUsdCents(0, RATE)).toThrow(RangeError);
    expect(() => rialsToUsdCents(1.5, RATE)).toThrow(RangeError);
    expect(() => rialsToUsdCents(1, 0)).toThrow(RangeError);
  });

  it("parses rates written with separators", () => {
    expect(parseRate("1,050,000")).toBe(1_050_000);
    expect(parseRate(" 1_050_000.5 ")).toBe(1_050_000.5);
    expect(parseRate("-5")).toBeNull();
    expect(parseRate("0")).toBeNull();
    expect(parseRate("abc")).toBeNull();
  });

  it("appends our parameters after the callback's own, literally", () => {
    expect(appendQuery("https://t.test/cb?tx=1", "session_id={CHECKOUT_SESSION_ID}")).toBe(
      "https://t.test/cb?tx=1&session_id={CHECKOUT_SESSION_ID}",
    );
    expect(appendQuery("https://t.test/cb", "cancelled=1")).toBe("https://t.test/cb?cancelled=1");
  });
});

describe("gatewaysFromEnv", () => {
  const sandbox: PaymentGateway = {
    id: "sandbox",
    kind: "test",
    create: async () => ({ authority: "sb_1", redirectUrl: "http://127.0.0.1/sandbox/sb_1" }),
    verify: async () => ({ status: "paid", reference: "sb-ref" }),
    authorityFromCallback: (query) => query.get("authority"),
  };
  const allGateways = () => ({
    ZARINPAL_MERCHANT_ID: MERCHANT_ID,
    ZARINPAL_BASE_URL: zarinpal.url,
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_BASE_URL: stripe.url,
    CARD_IRR_PER_USD: "1,050,000",
    NOWPAYMENTS_API_KEY: NOWPAYMENTS_KEY,
    NOWPAYMENTS_BASE_URL: nowpayments.url,
    CRYPTO_IRR_PER_USD: "1100000",
  });

  it("never offers the sandbox unless PAYMENTS_SANDBOX=true, whatever NODE_ENV says", () => {
    for (const NODE_ENV of [undefined, "development", "test", "production"]) {
      expect(gatewaysFromEnv({ NODE_ENV }, sandbox).size).toBe(0);
      expect(gatewaysFromEnv({ NODE_ENV, PAYMENTS_SANDBOX: "false" }, sandbox).size).toBe(0);
      expect([...gatewaysFromEnv({ NODE_ENV, PAYMENTS_SANDBOX: "true" }, sandbox).values()]).toEqual([sandbox]);
    }
    expect(() => gatewaysFromEnv({ PAYMENTS_SANDBOX: "yes" }, sandbox)).toThrow(PaymentConfigError);
    expect(() => gatewaysFromEnv({ PAYMENTS_SANDBOX: "true" })).toThrow(/no sandbox gateway/);
  });

  it("builds every configured gateway, and the sandbox beside them only when asked for", () => {
    const gateways = gatewaysFromEnv({ NODE_ENV: "development", ...allGateways() }, sandbox);
    expect([...gateways.keys()]).toEqual(["zarinpal", "stripe", "nowpayments"]);
    expect([...gateways.values()].map((gateway) => gateway.kind)).toEqual(["shetab", "card", "crypto"]);

    const withSandbox = gatewaysFromEnv({ NODE_ENV: "production", PAYMENTS_SANDBOX: "true", ZARINPAL_MERCHANT_ID: MERCHANT_ID }, sandbox);
    expect([...withSandbox.keys()]).toEqual(["zarinpal", "sandbox"]);
    expect([...gatewaysFromEnv({ NODE_ENV: "development", ZARINPAL_MERCHANT_ID: MERCHANT_ID }, sandbox).keys()]).toEqual(["zarinpal"]);
  });

  it("builds gateways that talk to the configured base URLs with the configured rates", async () => {
    const gateways = gatewaysFromEnv({ NODE_ENV: "production", ...allGateways() });
    const zarinpalPayment = await gateways.get("zarinpal")?.create(paymentInput("zarinpal", 1_000_000));
    expect(zarinpalPayment?.redirectUrl.startsWith(`${zarinpal.url}/pg/StartPay/`)).toBe(true);
    const stripePayment = await gateways.get("stripe")?.create(paymentInput("stripe", 52_500_000));
    expect(stripePayment?.providerAmount).toEqual({ value: 50, currency: "USD" });
    const cryptoPayment = await gateways.get("nowpayments")?.create(paymentInput("nowpayments", 11_000_000));
    expect(cryptoPayment?.providerAmount).toEqual({ value: 10, currency: "USD" });
  });

  it("names the missing variable when a provider is partly configured, never a secret's value", () => {
    const attempt = (env: Record<string, string>) => {
      try {
        gatewaysFromEnv({ NODE_ENV: "production", ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(PaymentConfigError);
        return (error as Error).message;
      }
      throw new Error("expected a configuration error");
    };
    const stripeOnlyKey = attempt({ STRIPE_SECRET_KEY: STRIPE_KEY });
    expect(stripeOnlyKey).toContain("CARD_IRR_PER_USD");
    expect(stripeOnlyKey).not.toContain(STRIPE_KEY);
    expect(attempt({ CARD_IRR_PER_USD: "1050000" })).toContain("STRIPE_SECRET_KEY");
    expect(attempt({ ZARINPAL_BASE_URL: "https://sandbox.zarinpal.com" })).toContain("ZARINPAL_MERCHANT_ID");
    const crypto = attempt({ NOWPAYMENTS_BASE_URL: "https://api-sandbox.nowpayments.io" });
    expect(crypto).toContain("NOWPAYMENTS_API_KEY");
    expect(crypto).toContain("CRYPTO_IRR_PER_USD");
    expect(attempt({ NOWPAYMENTS_API_KEY: NOWPAYMENTS_KEY, CRYPTO_IRR_PER_USD: "cheap" })).toContain("CRYPTO_IRR_PER_USD");
    expect(attempt({ ZARINPAL_MERCHANT_ID: MERCHANT_ID, ZARINPAL_BASE_URL: "ftp://x" })).toContain("ZARINPAL_BASE_URL");
    expect(attempt({ ZARINPAL_MERCHANT_ID: MERCHANT_ID, PAYMENTS_TIMEOUT_MS: "soon" })).toContain("PAYMENTS_TIMEOUT_MS");
  });

  it("treats blank variables as unset", () => {
    expect(gatewaysFromEnv({ NODE_ENV: "production", STRIPE_SECRET_KEY: "  ", CARD_IRR_PER_USD: "" }).size).toBe(0);
  });
});

describe("the sandbox bank and the payment row", () => {
  let database: Database;
  const sms = recordingSms();
  let app: ReturnType<typeof testApp>;
  let gateways: Map<GatewayId, PaymentGateway>;
  const call = caller(
    () => app,
    () => "10.13.8.1",
  );

  beforeAll(async () => {
    database = await openTestDatabase();
    gateways = new Map<GatewayId, PaymentGateway>([["sandbox", sandboxGateway(async () => database)]]);
    app = testApp(database, { sms: sms.sender, gateways, socketAddress: () => "10.13.8.1" });
  });
  afterAll(async () => {
    await database.close();
  });

  async function pendingCharge(phone: string, amount = 4_000_000) {
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
  }

  it("a callback holding a copy read before the bank's pay keeps the decision: the payment is paid, credited once", async () => {
    const { userId, transaction } = await pendingCharge("09125550401");
    // The callback read the row, then the payer pressed pay, then the callback goes on with its copy.
    const stale = transaction;
    expect(await decideSandboxPayment(database.db, transaction.authority!, "paid")).not.toBeNull();
    const query = new URLSearchParams({ tx: transaction.id, Authority: transaction.authority!, Status: "OK" });
    const settled = await settlePayment({ db: database.db }, { gateways, transaction: stale, query });
    expect(settled.status).toBe("paid");
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, transaction.id));
    expect(row!.metadata).toMatchObject({ sandbox: "paid", callback: `Authority=${transaction.authority}&Status=OK` });
    expect((await balancesOf(database.db, userId)).wallet).toBe(4_000_000);
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it("the bank decides once: the same press again is answered, the other choice is refused", async () => {
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
