import { describe, expect, it } from "vitest";
import { toZarinpalMobile, zarinpalGateway } from "@/server/adapters/payments/zarinpal";
import { startFakeZarinpal } from "@/tests/support/fake-zarinpal";
import { MERCHANT_ID, fakeForFile, paymentInput, queryOf, gatewayError, expectNoSecret } from "@/tests/api/payments/gateway-support";

const zarinpal = fakeForFile(() => startFakeZarinpal({ merchantId: MERCHANT_ID }));

describe("Zarinpal (Shetab) against a Zarinpal-compatible server", () => {
  const gateway = () => zarinpalGateway({ merchantId: MERCHANT_ID, baseUrl: `${zarinpal().url}/` });

  it("creates a payment by request.json in Rials and redirects to StartPay/{authority}", async () => {
    const input = paymentInput("zarinpal", 2_500_000, { mobile: "+989121234567", email: "ali@example.com" });
    const created = await gateway().create(input);

    expect(created.authority).toMatch(/^A\d{35}$/);
    expect(created.redirectUrl).toBe(`${zarinpal().url}/pg/StartPay/${created.authority}`);
    expect(created.providerAmount).toBeUndefined();
    expect(zarinpal().requests.at(-1)).toEqual({
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
    const callback = queryOf(zarinpal().pay(created.authority));
    expect(callback.get("tx")).toBe(input.transactionId);
    expect(callback.get("Status")).toBe("OK");
    expect(gateway().authorityFromCallback(callback)).toBe(created.authority);

    const result = await gateway().verify({ authority: created.authority, amount: input.amount, callback });
    expect(result).toEqual({ status: "paid", reference: String(zarinpal().payments.get(created.authority)?.refId) });
    expect(zarinpal().payments.get(created.authority)?.verified).toBe(true);
  });

  it("still asks Zarinpal after a Status=NOK callback: -51 → failed", async () => {
    const input = paymentInput("zarinpal", 1_200_000);
    const created = await gateway().create(input);
    const callback = queryOf(zarinpal().cancel(created.authority));
    expect(callback.get("Status")).toBe("NOK");

    const before = zarinpal().verifyCalls;
    const result = await gateway().verify({ authority: created.authority, amount: input.amount, callback });
    expect(result).toEqual({ status: "failed", reason: "not_paid" });
    expect(zarinpal().verifyCalls).toBe(before + 1);
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
    const callback = queryOf(zarinpal().pay(created.authority));
    callback.set("amount", "1200000");

    const result = await gateway().verify({ authority: created.authority, amount: 12_000_000, callback });
    expect(result).toEqual({ status: "failed", reason: "amount_mismatch" });
    expect(zarinpal().payments.get(created.authority)?.verified).toBe(false);
  });

  it("answers already_verified (101) with the same reference on a second verify", async () => {
    const input = paymentInput("zarinpal", 3_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(zarinpal().pay(created.authority));

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
    const before = zarinpal().verifyCalls;
    expect(await gateway().verify({ authority: "../../x", amount: 1_000_000, callback })).toEqual({
      status: "failed",
      reason: "unknown_payment",
    });
    expect(zarinpal().verifyCalls).toBe(before);
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
    zarinpal().setDelay(1_000);
    const adapter = zarinpalGateway({ merchantId: MERCHANT_ID, baseUrl: zarinpal().url, timeoutMs: 50 });
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
    const adapter = zarinpalGateway({ merchantId: wrongMerchant, baseUrl: zarinpal().url });
    const error = await gatewayError(adapter.create(paymentInput("zarinpal", 1_000_000)));
    expect(error).toMatchObject({ gateway: "zarinpal", reason: "rejected", providerCode: -10 });
    expect(error.message).toContain("-10");
    expectNoSecret(error, wrongMerchant, MERCHANT_ID);

    // The payment exists, but our terminal is refused: not a verdict on the payment, so not "failed".
    const input = paymentInput("zarinpal", 1_000_000);
    const created = await gateway().create(input);
    const callback = queryOf(zarinpal().pay(created.authority));
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
    zarinpal().failNext(502);
    expect(await gatewayError(gateway().create(paymentInput("zarinpal", 1_000_000)))).toMatchObject({
      reason: "unavailable",
      httpStatus: 502,
    });
    zarinpal().failNextWithCode(-12);
    expect(await gatewayError(gateway().create(paymentInput("zarinpal", 1_000_000)))).toMatchObject({
      reason: "unavailable",
      providerCode: -12,
    });
    zarinpal().failNextWithCode(-12);
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
