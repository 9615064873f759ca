import { describe, expect, it } from "vitest";
import { stripeGateway } from "@/server/adapters/payments/stripe";
import { startFakeStripe } from "@/tests/support/fake-stripe";
import { STRIPE_KEY, RATE, fakeForFile, paymentInput, queryOf, gatewayError, expectNoSecret } from "@/tests/api/payments/gateway-support";

const stripe = fakeForFile(() => startFakeStripe({ secretKey: STRIPE_KEY }));

describe("Stripe Checkout (Visa/Mastercard) against a Stripe-compatible server", () => {
  const gateway = (rate = RATE) => stripeGateway({ secretKey: STRIPE_KEY, irrPerUsd: rate, baseUrl: stripe().url });

  it("creates a Checkout Session in US cents (rounded up) and redirects to its url", async () => {
    const input = paymentInput("stripe", 52_500_001, { email: "sara@example.com" });
    const created = await gateway().create(input);

    expect(created.authority).toMatch(/^cs_test_/);
    const session = stripe().sessions.get(created.authority);
    expect(created.redirectUrl).toBe(session?.url);
    // 52,500,001 Rials at 1,050,000 Rials/USD = $50.00000095 → 5001 cents.
    expect(created.providerAmount).toEqual({ value: 50.01, currency: "USD" });
    expect(session).toMatchObject({ amount_total: 5001, currency: "usd", client_reference_id: input.transactionId, mode: "payment" });

    const form = stripe().requests.at(-1);
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
    const callback = queryOf(stripe().pay(created.authority));
    expect(callback.get("tx")).toBe(input.transactionId);
    expect(gateway().authorityFromCallback(callback)).toBe(created.authority);

    const result = await gateway().verify({
      authority: created.authority,
      amount: input.amount,
      callback,
      providerAmount: created.providerAmount,
    });
    expect(result).toEqual({ status: "paid", reference: stripe().sessions.get(created.authority)?.payment_intent });
    expect(result.status === "paid" && result.reference).toMatch(/^pi_/);
    // Stripe has no "verified before": asking again answers the same.
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback })).toEqual(result);
  });

  it("judges by the amount recorded at create, so a new rate does not fail a paid session", async () => {
    const input = paymentInput("stripe", 21_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(stripe().pay(created.authority));
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
    const callback = queryOf(stripe().cancel(created.authority));
    expect(callback.get("cancelled")).toBe("1");
    expect(gateway().authorityFromCallback(callback)).toBeNull();

    const before = stripe().expireCalls;
    const result = await gateway().verify({
      authority: created.authority,
      amount: input.amount,
      callback,
      providerAmount: created.providerAmount,
    });
    expect(result).toEqual({ status: "failed", reason: "cancelled" });
    expect(stripe().expireCalls).toBe(before + 1);
    expect(stripe().sessions.get(created.authority)?.status).toBe("expired");
  });

  it("a cancel link does not fail a session that was paid meanwhile", async () => {
    const input = paymentInput("stripe", 21_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(stripe().cancel(created.authority));
    stripe().pay(created.authority);
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
    expect(stripe().sessions.get(created.authority)?.status).toBe("open");
  });

  it("fails when amount_total or currency differs from what we asked for", async () => {
    const input = paymentInput("stripe", 21_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(stripe().pay(created.authority));
    stripe().update(created.authority, { amount_total: 1 });
    expect(
      await gateway().verify({ authority: created.authority, amount: input.amount, callback, providerAmount: created.providerAmount }),
    ).toEqual({
      status: "failed",
      reason: "amount_mismatch",
    });
    stripe().update(created.authority, { amount_total: 2000, currency: "eur" });
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
    stripe().update(created.authority, { status: "expired", url: null });
    const callback = new URLSearchParams({ tx: input.transactionId });
    expect(await gateway().verify({ authority: created.authority, amount: input.amount, callback })).toEqual({
      status: "failed",
      reason: "expired",
    });
    const lapsed = await gateway().create(paymentInput("stripe", 21_000_000));
    stripe().update(lapsed.authority, { expires_at: Math.floor(Date.now() / 1000) - 1 });
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
    stripe().setDelay(1_000);
    const adapter = stripeGateway({ secretKey: STRIPE_KEY, irrPerUsd: RATE, baseUrl: stripe().url, timeoutMs: 50 });
    const error = await gatewayError(adapter.create(paymentInput("stripe", 21_000_000)));
    expect(error).toMatchObject({ gateway: "stripe", reason: "unavailable", httpStatus: null });
    expectNoSecret(error, STRIPE_KEY);
  });

  it("rejects a wrong secret key (401) without quoting any part of it", async () => {
    const wrongKey = "sk_test_51WrongKeyWrongKeyWrongKey9876";
    const adapter = stripeGateway({ secretKey: wrongKey, irrPerUsd: RATE, baseUrl: stripe().url });
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

    stripe().failNext(500);
    expect(await gatewayError(gateway().create(paymentInput("stripe", 21_000_000)))).toMatchObject({
      reason: "unavailable",
      httpStatus: 500,
    });
    stripe().failNext(429);
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
