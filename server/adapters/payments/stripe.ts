/**
 * Visa/Mastercard through Stripe Checkout (https://docs.stripe.com/api/checkout/sessions):
 *
 *   POST {base}/v1/checkout/sessions            form body, Authorization: Bearer <secret key>
 *        mode=payment, one line item in USD cents, success_url (…&session_id={CHECKOUT_SESSION_ID}), cancel_url (…&cancelled=1),
 *        expires_at (31 minutes by default)
 *        → {id: "cs_…", url: "https://checkout.stripe.com/…", amount_total, currency, status: "open", payment_status: "unpaid", …}
 *   GET  {base}/v1/checkout/sessions/{id}       → the same object; paid when payment_status is "paid"
 *   POST {base}/v1/checkout/sessions/{id}/expire  when the payer cancelled, so the session can no longer be paid
 *
 * Stripe has no IRR: the Rials are converted to US cents with the configured rate (rounded up) and the result is
 * returned as providerAmount; verify compares Stripe's amount_total with it. The secret key never appears in an error
 * (Stripe's own 401 message quotes part of it, so that message is not repeated).
 */
import { httpRefusal, providerCaller, providerMessage, unusableAnswer } from "./provider-call";
import type { ProviderAnswer, ProviderHttpOptions } from "./provider-call";
import { appendQuery, expectedUsdCents, GatewayError, isHttpUrl, isRecord, usdCentsToCharge } from "./types";
import type { CreatedPayment, CreatePaymentInput, PaymentGateway, VerifyInput, VerifyResult } from "./types";

export type StripeOptions = {
  /** sk_live_… / sk_test_… (or a restricted key allowed to write Checkout Sessions). */
  secretKey: string;
  /** Rials per US dollar (CARD_IRR_PER_USD). */
  irrPerUsd: number;
  /** Sent as Stripe-Version when set; otherwise the account's default version answers. */
  apiVersion?: string;
  /**
   * How long the payer may take on the Checkout page before Stripe expires the session: 31 minutes by default (Stripe
   * allows 30 minutes to 24 hours), so a payment our reconciliation gave up on cannot be completed afterwards.
   */
  sessionTtlMinutes?: number;
} & ProviderHttpOptions;

const GATEWAY = "stripe" as const;
/** The API origin unless `baseUrl` says otherwise. */
export const STRIPE_DEFAULT_BASE_URL = "https://api.stripe.com";
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
/** Stripe's product name limit is generous, but a Checkout page shows one line. */
const MAX_NAME = 250;

type Session = Record<string, unknown>;

export function stripeGateway({
  secretKey,
  irrPerUsd,
  baseUrl = STRIPE_DEFAULT_BASE_URL,
  apiVersion,
  sessionTtlMinutes = 31,
  fetch: fetchImpl = globalThis.fetch,
  timeoutMs = 10_000,
}: StripeOptions): PaymentGateway {
  const ttlSeconds = Math.round(Math.min(Math.max(sessionTtlMinutes, 30.5), 23.9 * 60) * 60);
  const secrets = [secretKey];
  const headers: Record<string, string> = { authorization: `Bearer ${secretKey}`, accept: "application/json" };
  if (apiVersion) headers["stripe-version"] = apiVersion;

  const send = providerCaller({ gateway: GATEWAY, baseUrl, fetch: fetchImpl, timeoutMs, secrets });
  const call = (label: string, method: "GET" | "POST", path: string, form?: URLSearchParams) =>
    send(
      label,
      path,
      form
        ? { method, headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: form.toString() }
        : { method, headers },
    );

  /** GatewayError for a Stripe answer that is not a 2xx. */
  const refused = (label: string, answer: ProviderAnswer): GatewayError => {
    const error = isRecord(answer.json) && isRecord(answer.json.error) ? answer.json.error : null;
    if (!error) return unusableAnswer(GATEWAY, label, answer.httpStatus);
    const code = typeof error.code === "string" ? error.code : typeof error.type === "string" ? error.type : null;
    const detail = maskKeys(providerMessage(error.message, secrets));
    return httpRefusal(GATEWAY, label, answer.httpStatus, { code, detail, refusedCredential: "Stripe did not accept the secret key" });
  };

  const sessionFrom = (label: string, answer: ProviderAnswer): Session => {
    if (answer.httpStatus < 200 || answer.httpStatus > 299) throw refused(label, answer);
    const session = answer.json;
    if (!isRecord(session) || typeof session.id !== "string" || !SESSION_ID.test(session.id)) {
      throw new GatewayError(`${label} answered without a Checkout Session`, {
        gateway: GATEWAY,
        reason: "bad_response",
        httpStatus: answer.httpStatus,
      });
    }
    return session;
  };

  /** GET the session; null when Stripe does not know it. */
  const retrieve = async (id: string): Promise<Session | null> => {
    const label = "Stripe Checkout Session lookup";
    const answer = await call(label, "GET", `/v1/checkout/sessions/${encodeURIComponent(id)}`);
    if (answer.httpStatus === 404 && isRecord(answer.json) && isRecord(answer.json.error)) return null;
    return sessionFrom(label, answer);
  };

  const judge = (session: Session, input: VerifyInput): VerifyResult | null => {
    if (session.payment_status === "paid") {
      const expected = expectedUsdCents(input, irrPerUsd);
      if (expected === null || String(session.currency).toLowerCase() !== "usd") return { status: "failed", reason: "currency_mismatch" };
      if (session.amount_total !== expected) return { status: "failed", reason: "amount_mismatch" };
      return { status: "paid", reference: referenceOf(session) };
    }
    if (session.status === "expired") return { status: "failed", reason: "expired" };
    if (session.payment_status === "no_payment_required") return { status: "failed", reason: "not_paid" };
    // Complete but unpaid: a payment method that settles later.
    if (session.status === "complete") return { status: "pending", reason: "processing" };
    if (session.status === "open") return null;
    throw new GatewayError(`Stripe Checkout Session has an unknown status`, { gateway: GATEWAY, reason: "bad_response" });
  };

  return {
    id: GATEWAY,
    kind: "card",

    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const label = "Stripe Checkout Session creation";
      const cents = usdCentsToCharge(GATEWAY, label, input.amount, irrPerUsd);

      const form = new URLSearchParams({
        mode: "payment",
        "payment_method_types[0]": "card",
        "line_items[0][price_data][currency]": "usd",
        "line_items[0][price_data][unit_amount]": String(cents),
        "line_items[0][price_data][product_data][name]": input.description.trim().slice(0, MAX_NAME) || "Takapoo",
        "line_items[0][quantity]": "1",
        success_url: appendQuery(input.callbackUrl, "session_id={CHECKOUT_SESSION_ID}"),
        cancel_url: appendQuery(input.callbackUrl, "cancelled=1"),
        client_reference_id: input.transactionId,
        "metadata[transaction_id]": input.transactionId,
        expires_at: String(Math.floor(Date.now() / 1000) + ttlSeconds),
      });
      if (input.email) form.set("customer_email", input.email);

      const session = sessionFrom(label, await call(label, "POST", "/v1/checkout/sessions", form));
      if (!isHttpUrl(session.url)) {
        throw new GatewayError(`${label} answered without a Checkout URL`, { gateway: GATEWAY, reason: "bad_response" });
      }
      return { authority: session.id as string, redirectUrl: session.url, providerAmount: { value: cents / 100, currency: "USD" } };
    },

    async verify(input: VerifyInput): Promise<VerifyResult> {
      if (!SESSION_ID.test(input.authority)) return { status: "failed", reason: "unknown_payment" };
      const session = await retrieve(input.authority);
      if (!session) return { status: "failed", reason: "unknown_payment" };
      const judged = judge(session, input);
      if (judged) return judged;

      // Still open. The payer came back through cancel_url: expire the session so it cannot be paid later
      // (Stripe refuses when it was completed meanwhile — then its current state decides).
      if (input.callback.get("cancelled") !== "1") return { status: "pending", reason: "open" };
      const label = "Stripe Checkout Session expiry";
      const answer = await call(label, "POST", `/v1/checkout/sessions/${encodeURIComponent(input.authority)}/expire`);
      let current: Session | null;
      if (answer.httpStatus >= 200 && answer.httpStatus <= 299) current = sessionFrom(label, answer);
      else if (answer.httpStatus === 400) current = await retrieve(input.authority);
      else throw refused(label, answer);
      if (!current) return { status: "failed", reason: "unknown_payment" };
      const settled = judge(current, input);
      if (!settled) return { status: "pending", reason: "open" };
      return settled.status === "failed" && settled.reason === "expired" ? { status: "failed", reason: "cancelled" } : settled;
    },

    authorityFromCallback(query: URLSearchParams): string | null {
      if (query.get("cancelled") === "1") return null;
      const id = query.get("session_id")?.trim();
      return id && SESSION_ID.test(id) ? id : null;
    },
  };
}

/** The PaymentIntent id (a string, or an expanded object); the session id when Stripe gives none. */
function referenceOf(session: Session): string {
  const intent = session.payment_intent;
  if (typeof intent === "string" && intent) return intent;
  if (isRecord(intent) && typeof intent.id === "string" && intent.id) return intent.id;
  return session.id as string;
}

/** Stripe quotes keys as sk_live_****1234; none of that goes further. */
function maskKeys(message: string): string {
  return message.replace(/\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9*]+/g, "[redacted]");
}
