/**
 * Which gateways this server offers, from the environment:
 *
 *   zarinpal     ZARINPAL_MERCHANT_ID                      (ZARINPAL_BASE_URL, default https://payment.zarinpal.com)
 *   stripe       STRIPE_SECRET_KEY + CARD_IRR_PER_USD      (STRIPE_BASE_URL, default https://api.stripe.com)
 *   nowpayments  NOWPAYMENTS_API_KEY + CRYPTO_IRR_PER_USD  (NOWPAYMENTS_BASE_URL, default https://api.nowpayments.io)
 *   sandbox      the given sandbox gateway (a test bank that "pays" whatever is asked), only when PAYMENTS_SANDBOX=true
 *                is set explicitly — never by default, whatever NODE_ENV says or however few gateways are configured
 *
 * PAYMENTS_TIMEOUT_MS (default 10000) bounds each provider request. A provider whose variables are only partly set
 * is a configuration error naming what is missing — never a silently missing gateway. Values of secrets never appear
 * in these errors.
 */
import { nowpaymentsGateway } from "./nowpayments";
import { stripeGateway } from "./stripe";
import { parseRate, type GatewayId, type PaymentGateway } from "./types";
import { zarinpalGateway } from "./zarinpal";
import { rawEnv } from "@/server/core/env";

type Env = Record<string, string | undefined>;

export class PaymentConfigError extends Error {
  override readonly name = "PaymentConfigError";
}

export function gatewaysFromEnv(env: Env = rawEnv(), sandbox?: PaymentGateway): Map<GatewayId, PaymentGateway> {
  const read = (name: string) => env[name]?.trim() || undefined;
  const timeoutMs = readTimeout(read("PAYMENTS_TIMEOUT_MS"));
  const gateways = new Map<GatewayId, PaymentGateway>();

  const zarinpal = group(read, "Zarinpal", ["ZARINPAL_MERCHANT_ID"], ["ZARINPAL_BASE_URL"]);
  if (zarinpal) {
    gateways.set(
      "zarinpal",
      zarinpalGateway({
        merchantId: zarinpal.ZARINPAL_MERCHANT_ID,
        baseUrl: readUrl("ZARINPAL_BASE_URL", zarinpal.ZARINPAL_BASE_URL),
        timeoutMs,
      }),
    );
  }

  const stripe = group(read, "Stripe", ["STRIPE_SECRET_KEY", "CARD_IRR_PER_USD"], ["STRIPE_BASE_URL"]);
  if (stripe) {
    gateways.set(
      "stripe",
      stripeGateway({
        secretKey: stripe.STRIPE_SECRET_KEY,
        irrPerUsd: readRate("CARD_IRR_PER_USD", stripe.CARD_IRR_PER_USD),
        baseUrl: readUrl("STRIPE_BASE_URL", stripe.STRIPE_BASE_URL),
        timeoutMs,
      }),
    );
  }

  const nowpayments = group(read, "NOWPayments", ["NOWPAYMENTS_API_KEY", "CRYPTO_IRR_PER_USD"], ["NOWPAYMENTS_BASE_URL"]);
  if (nowpayments) {
    gateways.set(
      "nowpayments",
      nowpaymentsGateway({
        apiKey: nowpayments.NOWPAYMENTS_API_KEY,
        irrPerUsd: readRate("CRYPTO_IRR_PER_USD", nowpayments.CRYPTO_IRR_PER_USD),
        baseUrl: readUrl("NOWPAYMENTS_BASE_URL", nowpayments.NOWPAYMENTS_BASE_URL),
        timeoutMs,
      }),
    );
  }

  // Money is safe by default: the test bank credits wallets for nothing, so it runs only where it is asked for by name.
  if (readFlag(read("PAYMENTS_SANDBOX")) === true) {
    if (!sandbox) throw new PaymentConfigError("PAYMENTS_SANDBOX=true, but no sandbox gateway was handed to gatewaysFromEnv");
    gateways.set("sandbox", sandbox);
  }
  return gateways;
}

/** The provider's values when its required variables are set; null when none of its variables are; else an error. */
function group<Required extends string, Optional extends string>(
  read: (name: string) => string | undefined,
  provider: string,
  required: readonly Required[],
  optional: readonly Optional[],
): (Record<Required, string> & Record<Optional, string | undefined>) | null {
  const names: Array<Required | Optional> = [...required, ...optional];
  const values = Object.fromEntries(names.map((name) => [name, read(name)])) as Record<Required | Optional, string | undefined>;
  const present = names.filter((name) => values[name] !== undefined);
  if (present.length === 0) return null;
  const missing = required.filter((name) => values[name] === undefined);
  if (missing.length > 0) {
    throw new PaymentConfigError(
      `${provider} payments are partly configured: ${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} missing ` +
        `(${present.join(", ")} ${present.length === 1 ? "is" : "are"} set)`,
    );
  }
  return values as Record<Required, string> & Record<Optional, string | undefined>;
}

function readUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const valid = URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol);
  if (!valid) throw new PaymentConfigError(`${name} must be an http(s) URL, not "${value}"`);
  return value;
}

function readRate(name: string, value: string): number {
  const rate = parseRate(value);
  if (rate === null) throw new PaymentConfigError(`${name} must be a positive number of Rials per US dollar, not "${value}"`);
  return rate;
}

function readTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0)
    throw new PaymentConfigError(`PAYMENTS_TIMEOUT_MS must be a positive number of milliseconds, not "${value}"`);
  return ms;
}

function readFlag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const normalized = value.toLowerCase();
  if (normalized === "true" || normalized === "1") return true;
  if (normalized === "false" || normalized === "0") return false;
  throw new PaymentConfigError(`PAYMENTS_SANDBOX must be "true" or "false", not "${value}"`);
}
