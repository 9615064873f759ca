import { describe, expect, it } from "vitest";
import { gatewaysFromEnv, PaymentConfigError } from "@/server/adapters/payments/registry";
import { appendQuery, parseRate, rialsToUsdCents, type PaymentGateway } from "@/server/adapters/payments/types";
import { startFakeNowPayments } from "@/tests/support/fake-nowpayments";
import { startFakeStripe } from "@/tests/support/fake-stripe";
import { startFakeZarinpal } from "@/tests/support/fake-zarinpal";
import { MERCHANT_ID, STRIPE_KEY, NOWPAYMENTS_KEY, RATE, fakeForFile, paymentInput } from "@/tests/api/payments/gateway-support";

const zarinpal = fakeForFile(() => startFakeZarinpal({ merchantId: MERCHANT_ID }));
const stripe = fakeForFile(() => startFakeStripe({ secretKey: STRIPE_KEY }));
const nowpayments = fakeForFile(() => startFakeNowPayments({ apiKey: NOWPAYMENTS_KEY }));

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
    ZARINPAL_BASE_URL: zarinpal().url,
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_BASE_URL: stripe().url,
    CARD_IRR_PER_USD: "1,050,000",
    NOWPAYMENTS_API_KEY: NOWPAYMENTS_KEY,
    NOWPAYMENTS_BASE_URL: nowpayments().url,
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
    expect(zarinpalPayment?.redirectUrl.startsWith(`${zarinpal().url}/pg/StartPay/`)).toBe(true);
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
