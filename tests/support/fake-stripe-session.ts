/**
 * The Checkout Sessions of the fake Stripe (fake-stripe.ts): what a creation form makes, or the
 * error Stripe answers for it, and how Stripe shows a session and quotes a wrong key.
 */
import { randomBytes } from "node:crypto";

export type FakeStripeSession = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string | null;
  url: string | null;
  /** Not part of Stripe's object (line items are a separate list): the product name, for the fake page. */
  _product_name: string;
};

/** An error as Stripe answers it: the HTTP status and {type, code, message, param}. */
export type StripeErrorAnswer = { status: number; type?: string; code?: string; message: string; param?: string };

const CURRENCIES = new Set(["usd", "eur", "gbp", "cad", "aud", "aed", "try"]);

/**
 * The Checkout Session Stripe would create from a form (POST /v1/checkout/sessions), or the error it
 * would answer (status and Stripe's error fields).
 */
export function newCheckoutSession(form: URLSearchParams, baseUrl: string): { session: FakeStripeSession } | { error: StripeErrorAnswer } {
  const refuse = (status: number, details: Omit<StripeErrorAnswer, "status">) => ({ error: { status, ...details } });
  const missing = (param: string) => refuse(400, { code: "parameter_missing", message: `Missing required param: ${param}.`, param });
  const invalid = (param: string, message: string) => refuse(400, { code: "parameter_invalid_integer", message, param });

  const mode = form.get("mode");
  if (!mode) return missing("mode");
  if (!["payment", "setup", "subscription"].includes(mode)) {
    return refuse(400, { message: `Invalid mode: must be one of payment, setup, or subscription`, param: "mode" });
  }
  const currency = form.get("line_items[0][price_data][currency]");
  if (!currency) return missing("line_items[0][price_data][currency]");
  if (!CURRENCIES.has(currency)) {
    return refuse(400, { message: `Invalid currency: ${currency}.`, param: "line_items[0][price_data][currency]" });
  }
  const unitAmountText = form.get("line_items[0][price_data][unit_amount]");
  if (unitAmountText === null) return missing("line_items[0][price_data][unit_amount]");
  if (!/^\d+$/.test(unitAmountText)) return invalid("line_items[0][price_data][unit_amount]", "Invalid integer: " + unitAmountText);
  const name = form.get("line_items[0][price_data][product_data][name]");
  if (!name) return missing("line_items[0][price_data][product_data][name]");
  const quantityText = form.get("line_items[0][quantity]");
  if (quantityText === null) return missing("line_items[0][quantity]");
  if (!/^[1-9]\d*$/.test(quantityText)) return invalid("line_items[0][quantity]", "Invalid integer: " + quantityText);
  const successUrl = form.get("success_url");
  if (!successUrl) return missing("success_url");
  if (!URL.canParse(successUrl)) return refuse(400, { code: "url_invalid", message: "Not a valid URL", param: "success_url" });
  const cancelUrl = form.get("cancel_url");
  if (cancelUrl !== null && !URL.canParse(cancelUrl)) {
    return refuse(400, { code: "url_invalid", message: "Not a valid URL", param: "cancel_url" });
  }

  const created = Math.floor(Date.now() / 1000);
  const expiresAtText = form.get("expires_at");
  if (expiresAtText !== null && !/^\d+$/.test(expiresAtText)) return invalid("expires_at", "Invalid integer: " + expiresAtText);
  const expiresAt = expiresAtText === null ? created + 24 * 60 * 60 : Number(expiresAtText);
  if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 60 * 60) {
    return refuse(400, {
      message: "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
      param: "expires_at",
    });
  }

  const total = Number(unitAmountText) * Number(quantityText);
  if (currency === "usd" && total < 50) {
    return refuse(400, {
      code: "amount_too_small",
      message: "The Checkout Session's total amount due must add up to at least $0.50 usd",
    });
  }

  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  const methods = [...form].filter(([key]) => /^payment_method_types\[\d+\]$/.test(key)).map(([, value]) => value);
  const id = `cs_test_${randomId(58)}`;
  const session: FakeStripeSession = {
    id,
    object: "checkout.session",
    amount_subtotal: total,
    amount_total: total,
    cancel_url: cancelUrl,
    client_reference_id: form.get("client_reference_id"),
    created,
    currency,
    customer_email: form.get("customer_email"),
    expires_at: expiresAt,
    livemode: false,
    metadata,
    mode,
    payment_intent: null,
    payment_method_types: methods.length > 0 ? methods : ["card"],
    payment_status: "unpaid",
    status: "open",
    success_url: successUrl,
    url: `${baseUrl}/c/pay/${id}`,
    _product_name: name,
  };
  return { session };
}

/** What Stripe answers: the session without the fake's own fields. */
export function publicView(session: FakeStripeSession): Omit<FakeStripeSession, "_product_name"> {
  const { _product_name: _ignored, ...rest } = session;
  void _ignored;
  return rest;
}

/** sk_test_abcdefgh12345678 → sk_test_************5678, as Stripe quotes a wrong key. */
export function maskKey(key: string): string {
  const prefix = /^(?:sk|rk|pk)_(?:test|live)_/.exec(key)?.[0] ?? "";
  const rest = key.slice(prefix.length);
  return `${prefix}${"*".repeat(Math.max(rest.length - 4, 0))}${rest.slice(-4)}`;
}

export function randomId(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join("");
}
