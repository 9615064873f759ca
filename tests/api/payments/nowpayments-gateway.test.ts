import { describe, expect, it } from "vitest";
import { nowpaymentsGateway } from "@/server/adapters/payments/nowpayments";
import { startFakeNowPayments } from "@/tests/support/fake-nowpayments";
import {
  NOWPAYMENTS_KEY,
  RATE,
  fakeForFile,
  paymentInput,
  queryOf,
  gatewayError,
  expectNoSecret,
} from "@/tests/api/payments/gateway-support";

const nowpayments = fakeForFile(() => startFakeNowPayments({ apiKey: NOWPAYMENTS_KEY }));

describe("NOWPayments (crypto) against a NOWPayments-compatible server", () => {
  const gateway = (rate = RATE) => nowpaymentsGateway({ apiKey: NOWPAYMENTS_KEY, irrPerUsd: rate, baseUrl: nowpayments().url });

  it("creates an invoice in USD (2 decimals, rounded up) and redirects to its invoice_url", async () => {
    const input = paymentInput("nowpayments", 12_345_678);
    const created = await gateway().create(input);

    const invoice = nowpayments().invoices.get(created.authority);
    expect(created.authority).toMatch(/^\d+$/);
    expect(created.redirectUrl).toBe(invoice?.invoice_url);
    // 12,345,678 / 1,050,000 = 11.7578 → $11.76
    expect(created.providerAmount).toEqual({ value: 11.76, currency: "USD" });
    expect(nowpayments().requests.at(-1)).toEqual({
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
    const { paymentId, callbackUrl } = nowpayments().pay(created.authority);
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
    nowpayments().update(paymentId, { payment_status: "confirmed" });
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback })).toEqual({
      status: "paid",
      reference: paymentId,
    });
  });

  it("answers pending while coins are unconfirmed, failed once the payment failed", async () => {
    const input = paymentInput("nowpayments", 21_000_000);
    const created = await gateway().create(input);
    const { paymentId, callbackUrl } = nowpayments().pay(created.authority, { status: "waiting" });
    const callback = queryOf(callbackUrl);
    const verify = () => gateway().verify({ authority: created.authority, amount: input.amount, callback });

    expect(await verify()).toEqual({ status: "pending", reason: "waiting" });
    nowpayments().update(paymentId, { payment_status: "confirming" });
    expect(await verify()).toEqual({ status: "pending", reason: "confirming" });
    for (const status of ["partially_paid", "failed", "expired", "refunded"] as const) {
      nowpayments().update(paymentId, { payment_status: status });
      expect(await verify()).toEqual({ status: "failed", reason: status });
    }
  });

  it("fails a cancelled invoice without asking NOWPayments", async () => {
    const input = paymentInput("nowpayments", 21_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(nowpayments().cancel(created.authority));
    expect(callback.get("cancelled")).toBe("1");
    const before = nowpayments().paymentCalls;
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback })).toEqual({
      status: "failed",
      reason: "cancelled",
    });
    expect(nowpayments().paymentCalls).toBe(before);

    // Without NP_id (a later re-check, a payer who closed the page) nothing can be asked: nothing is concluded.
    const bare = new URLSearchParams({ tx: input.transactionId });
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback: bare })).toEqual({
      status: "pending",
      reason: "no_payment_id",
    });
    expect(nowpayments().paymentCalls).toBe(before);
  });

  it("fails when the payment's price differs from what we asked for", async () => {
    const input = paymentInput("nowpayments", 21_000_000);
    const created = await gateway().create(input);
    const { paymentId, callbackUrl } = nowpayments().pay(created.authority);
    nowpayments().update(paymentId, { price_amount: 2 });
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
    const { callbackUrl: cheapCallback } = nowpayments().pay(cheap.authority);
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
    const before = nowpayments().paymentCalls;
    const garbage = new URLSearchParams({ tx: input.transactionId, NP_id: "../invoice" });
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback: garbage })).toEqual({
      status: "failed",
      reason: "unknown_payment",
    });
    expect(nowpayments().paymentCalls).toBe(before);
  });

  it("gives up after timeoutMs with GatewayError unavailable", async () => {
    nowpayments().setDelay(1_000);
    const adapter = nowpaymentsGateway({ apiKey: NOWPAYMENTS_KEY, irrPerUsd: RATE, baseUrl: nowpayments().url, timeoutMs: 50 });
    const error = await gatewayError(
      adapter.verify({ authority: "4522625843", amount: 1, callback: new URLSearchParams({ NP_id: "5524759814" }) }),
    );
    expect(error).toMatchObject({ gateway: "nowpayments", reason: "unavailable", httpStatus: null });
  });

  it("rejects a wrong API key (403) without naming it", async () => {
    const wrongKey = "WRONG-NP-KEY-000111";
    const adapter = nowpaymentsGateway({ apiKey: wrongKey, irrPerUsd: RATE, baseUrl: nowpayments().url });
    const error = await gatewayError(adapter.create(paymentInput("nowpayments", 21_000_000)));
    expect(error).toMatchObject({ gateway: "nowpayments", reason: "rejected", httpStatus: 403, providerCode: "INVALID_API_KEY" });
    expectNoSecret(error, wrongKey, NOWPAYMENTS_KEY);

    const verifyError = await gatewayError(adapter.verify({ authority: "1", amount: 1, callback: new URLSearchParams({ NP_id: "1" }) }));
    expect(verifyError).toMatchObject({ reason: "rejected", httpStatus: 403 });
    expectNoSecret(verifyError, wrongKey);
  });

  it("treats HTTP 5xx as unavailable", async () => {
    nowpayments().failNext(503);
    expect(await gatewayError(gateway().create(paymentInput("nowpayments", 21_000_000)))).toMatchObject({
      reason: "unavailable",
      httpStatus: 503,
    });
  });
});
