/**
 * One interface for every payment gateway: create a payment, send the payer to the provider, and verify it
 * with the provider when the payer comes back. Amounts are Rials (integers) on our side; adapters whose provider
 * has no IRR convert with a configured rate and report what they asked for in `providerAmount`.
 *
 * Nothing the payer sends back is trusted: the callback query only names which payment to look at (and gives
 * provider-specific hints); `verify` always asks the provider, and compares the amount with what WE stored.
 * No error message carries a merchant id, secret key or API key.
 */
import type { GatewayId, GatewayKind } from "@/lib/schemas/enums";

export type { GatewayId };

/** An amount in the provider's currency. `value` is in major units (12.35 US dollars); `currency` is ISO 4217, upper case ("USD"). */
export type ProviderAmount = { value: number; currency: string };

export type CreatePaymentInput = {
  transactionId: string;
  /** Rials, a positive integer. */
  amount: number;
  description: string;
  /** Our GET /api/payments/{gatewayId}/callback?tx=<transactionId>; adapters add their own parameters after it. */
  callbackUrl: string;
  /** E.164 (+989121234567). */
  mobile?: string;
  email?: string;
};

export type CreatedPayment = {
  /** The provider's id of this payment (Zarinpal's Authority, Stripe's Checkout Session id, NOWPayments' invoice id). */
  authority: string;
  /** Where to send the payer. */
  redirectUrl: string;
  /** What the provider was asked to charge when it is not Rials; store it and hand it back to verify. */
  providerAmount?: ProviderAmount;
};

export type VerifyInput = {
  authority: string;
  /** The Rials WE stored for this payment — never a value from the callback. */
  amount: number;
  /** The provider's callback query, for provider-specific status hints only. */
  callback: URLSearchParams;
  /** The providerAmount returned by create. Without it the amount is converted again with today's rate. */
  providerAmount?: ProviderAmount;
};

export type VerifyResult =
  /** The provider confirms the payment of the expected amount; `reference` is its receipt (Zarinpal's ref_id …). */
  | { status: "paid"; reference: string }
  /** Verified before (Zarinpal 101): settle only if not settled yet. */
  | { status: "already_verified"; reference: string | null }
  /** Not paid, cancelled, expired, or paid with a different amount. `reason` is short and free of secrets. */
  | { status: "failed"; reason: string }
  /** The provider may still settle (a crypto payment waiting for confirmations): leave the transaction pending. */
  | { status: "pending"; reason?: string };

export interface PaymentGateway {
  id: GatewayId;
  /** SPEC: Visa/Mastercard (card), Shetab, Crypto. */
  kind: GatewayKind;
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  verify(input: VerifyInput): Promise<VerifyResult>;
  /**
   * The provider's payment id named in a callback query (Zarinpal's Authority, Stripe's session_id), or null when the
   * callback names none. Callers look the transaction up by our `tx` parameter and may use this to check that the
   * callback is about the payment they stored.
   */
  authorityFromCallback(query: URLSearchParams): string | null;
}

/**
 * - unavailable: network error, timeout, HTTP 5xx or 429, or the provider's "try later" code — may be retried;
 * - rejected: the provider refused the request (wrong credentials, validation, terminal not active …);
 * - bad_response: an answer that does not follow the provider's documentation.
 */
export type GatewayFailureReason = "unavailable" | "rejected" | "bad_response";

export class GatewayError extends Error {
  override readonly name = "GatewayError";
  readonly gateway: GatewayId;
  readonly reason: GatewayFailureReason;
  /** The provider's own error code (Zarinpal -10, Stripe "resource_missing", NOWPayments "INVALID_API_KEY"), if any. */
  readonly providerCode: string | number | null;
  /** The HTTP status of the provider's answer; null when no answer came. */
  readonly httpStatus: number | null;

  constructor(
    message: string,
    details: { gateway: GatewayId; reason: GatewayFailureReason; providerCode?: string | number | null; httpStatus?: number | null },
  ) {
    super(message);
    this.gateway = details.gateway;
    this.reason = details.reason;
    this.providerCode = details.providerCode ?? null;
    this.httpStatus = details.httpStatus ?? null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers shared by the adapters (not part of the gateway interface).

/**
 * Rials → US cents, rounded up so we never charge less than the Rials amount is worth.
 * `irrPerUsd` is Rials per US dollar (e.g. 1_050_000); exact for rates with up to 6 decimals.
 */
export function rialsToUsdCents(rials: number, irrPerUsd: number): number {
  if (!Number.isSafeInteger(rials) || rials <= 0) throw new RangeError("The amount must be a positive integer number of Rials");
  if (!Number.isFinite(irrPerUsd) || irrPerUsd <= 0) throw new RangeError("The Rials-per-dollar rate must be a positive number");
  const scaledRate = BigInt(Math.round(irrPerUsd * 1_000_000));
  if (scaledRate <= 0n) throw new RangeError("The Rials-per-dollar rate is too small");
  const numerator = BigInt(rials) * 100n * 1_000_000n;
  return Number((numerator + scaledRate - 1n) / scaledRate);
}

/** rialsToUsdCents for a gateway's create: an amount or rate it refuses is that gateway's GatewayError("rejected"). */
export function usdCentsToCharge(gateway: GatewayId, label: string, rials: number, irrPerUsd: number): number {
  try {
    return rialsToUsdCents(rials, irrPerUsd);
  } catch (error) {
    throw new GatewayError(`${label}: ${(error as Error).message}`, { gateway, reason: "rejected" });
  }
}

/** The expected provider amount in US cents: the one recorded at create, else the Rials converted with today's rate. */
export function expectedUsdCents(input: Pick<VerifyInput, "amount" | "providerAmount">, irrPerUsd: number): number | null {
  if (input.providerAmount) {
    if (input.providerAmount.currency.toUpperCase() !== "USD") return null;
    return Math.round(input.providerAmount.value * 100);
  }
  return rialsToUsdCents(input.amount, irrPerUsd);
}

/** Parses "1,050,000" / "1_050_000" / "1050000.5"; null unless a positive finite number. */
export function parseRate(value: string): number | null {
  const text = value.trim().replace(/[,_\s]/g, "");
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const rate = Number(text);
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `base` with `query` ("session_id={CHECKOUT_SESSION_ID}") appended as written, after the parameters it has (our `tx`).
 * Literal on purpose: Stripe only fills in {CHECKOUT_SESSION_ID} when the braces are not percent-encoded.
 */
export function appendQuery(base: string, query: string): string {
  const hash = base.indexOf("#");
  const head = hash === -1 ? base : base.slice(0, hash);
  const tail = hash === -1 ? "" : base.slice(hash);
  const separator = !head.includes("?") ? "?" : head.endsWith("?") || head.endsWith("&") ? "" : "&";
  return `${head}${separator}${query}${tail}`;
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string" || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "https:" || protocol === "http:";
}
