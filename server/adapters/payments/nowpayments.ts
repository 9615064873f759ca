/**
 * Crypto through NOWPayments' hosted invoices (https://documenter.getpostman.com/view/7907941/2s93JusNJt):
 *
 *   POST {base}/v1/invoice          x-api-key, JSON {price_amount (USD), price_currency: "usd", order_id, order_description,
 *                                   success_url, cancel_url} → {id: "4522625843", invoice_url: "https://nowpayments.io/payment/?iid=…", …}
 *   the payer picks a coin on the invoice page; NOWPayments sends them back to success_url with NP_id=<payment id>
 *   GET  {base}/v1/payment/{NP_id}  x-api-key → {payment_id, invoice_id, payment_status, price_amount, price_currency, order_id, …}
 *
 * The invoice id is the authority. NOWPayments' redirect does not name it, so authorityFromCallback returns null:
 * the caller finds the transaction by our `tx` parameter and passes the callback query (with NP_id) to verify, which
 * checks that the payment belongs to the stored invoice. The API key alone cannot look payments up by invoice, so
 * a verify without NP_id (cancel_url aside) answers pending: a caller that re-checks later should keep the NP_id of
 * the success redirect and pass it again. Payment statuses:
 *   finished, confirmed, sending → paid (when invoice and USD amount match); waiting, confirming → pending;
 *   partially_paid, failed, expired, refunded → failed.
 */
import { httpRefusal, providerCaller, providerMessage, unusableAnswer } from "./provider-call";
import type { ProviderAnswer, ProviderHttpOptions } from "./provider-call";
import { appendQuery, expectedUsdCents, GatewayError, isHttpUrl, isRecord, usdCentsToCharge } from "./types";
import type { CreatedPayment, CreatePaymentInput, PaymentGateway, VerifyInput, VerifyResult } from "./types";

export type NowPaymentsOptions = {
  apiKey: string;
  /** Rials per US dollar (CRYPTO_IRR_PER_USD). */
  irrPerUsd: number;
} & ProviderHttpOptions;

const GATEWAY = "nowpayments" as const;
/** The API origin unless `baseUrl` says otherwise. */
export const NOWPAYMENTS_DEFAULT_BASE_URL = "https://api.nowpayments.io";
const NUMERIC_ID = /^\d{1,20}$/;

/** The blockchain confirmed the payment (confirmed), it is being forwarded to us (sending) or it was (finished). */
const PAID_STATUSES = new Set(["finished", "confirmed", "sending"]);
/** The payer sent coins that are not confirmed yet, or the payment page is waiting for them. */
const PENDING_STATUSES = new Set(["waiting", "confirming"]);
const FAILED_STATUSES = new Set(["partially_paid", "failed", "expired", "refunded"]);

export function nowpaymentsGateway({
  apiKey,
  irrPerUsd,
  baseUrl = NOWPAYMENTS_DEFAULT_BASE_URL,
  fetch: fetchImpl = globalThis.fetch,
  timeoutMs = 10_000,
}: NowPaymentsOptions): PaymentGateway {
  const secrets = [apiKey];
  const send = providerCaller({ gateway: GATEWAY, baseUrl, fetch: fetchImpl, timeoutMs, secrets });
  const call = (label: string, path: string, body?: unknown) =>
    send(
      label,
      path,
      body === undefined
        ? { method: "GET", headers: { "x-api-key": apiKey, accept: "application/json" } }
        : {
            method: "POST",
            headers: { "x-api-key": apiKey, accept: "application/json", "content-type": "application/json" },
            body: JSON.stringify(body),
          },
    );

  /** GatewayError for a NOWPayments answer that is not a 2xx: {status: false, statusCode, code, message}. */
  const refused = (label: string, answer: ProviderAnswer): GatewayError => {
    const body = isRecord(answer.json) ? answer.json : null;
    const code = typeof body?.code === "string" ? body.code : null;
    if (!body || (code === null && typeof body.message !== "string")) return unusableAnswer(GATEWAY, label, answer.httpStatus);
    const detail = providerMessage(body.message, secrets);
    return httpRefusal(GATEWAY, label, answer.httpStatus, { code, detail, refusedCredential: "NOWPayments did not accept the API key" });
  };

  return {
    id: GATEWAY,
    kind: "crypto",

    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const label = "NOWPayments invoice creation";
      const cents = usdCentsToCharge(GATEWAY, label, input.amount, irrPerUsd);

      const answer = await call(label, "/v1/invoice", {
        price_amount: cents / 100,
        price_currency: "usd",
        order_id: input.transactionId,
        order_description: input.description,
        success_url: input.callbackUrl,
        cancel_url: appendQuery(input.callbackUrl, "cancelled=1"),
      });
      if (answer.httpStatus < 200 || answer.httpStatus > 299) throw refused(label, answer);

      const invoice = isRecord(answer.json) ? answer.json : null;
      const id = idOf(invoice?.id);
      if (!invoice || id === null || !isHttpUrl(invoice.invoice_url)) {
        throw new GatewayError(`${label} answered without an invoice id and URL`, {
          gateway: GATEWAY,
          reason: "bad_response",
          httpStatus: answer.httpStatus,
        });
      }
      return { authority: id, redirectUrl: invoice.invoice_url, providerAmount: { value: cents / 100, currency: "USD" } };
    },

    async verify(input: VerifyInput): Promise<VerifyResult> {
      const paymentId = input.callback.get("NP_id")?.trim();
      if (!paymentId) {
        // Only the success redirect names the payment; without it (a re-check from reconciliation, a payer who
        // closed the page) nothing can be asked, and nothing is concluded unless the payer cancelled.
        return input.callback.get("cancelled") === "1"
          ? { status: "failed", reason: "cancelled" }
          : { status: "pending", reason: "no_payment_id" };
      }
      if (!NUMERIC_ID.test(paymentId)) return { status: "failed", reason: "unknown_payment" };

      const label = "NOWPayments payment status";
      const answer = await call(label, `/v1/payment/${paymentId}`);
      if ((answer.httpStatus === 404 || answer.httpStatus === 400) && isRecord(answer.json)) {
        return { status: "failed", reason: "unknown_payment" };
      }
      if (answer.httpStatus < 200 || answer.httpStatus > 299) throw refused(label, answer);

      const payment = isRecord(answer.json) ? answer.json : null;
      const status = typeof payment?.payment_status === "string" ? payment.payment_status : null;
      if (!payment || status === null) {
        throw new GatewayError(`${label} answered without a payment_status`, {
          gateway: GATEWAY,
          reason: "bad_response",
          httpStatus: answer.httpStatus,
        });
      }
      // A payment of another invoice (a reused or forged NP_id) says nothing about this one.
      if (idOf(payment.invoice_id) !== input.authority) return { status: "failed", reason: "invoice_mismatch" };

      if (PAID_STATUSES.has(status)) {
        const expected = expectedUsdCents(input, irrPerUsd);
        if (expected === null || String(payment.price_currency).toLowerCase() !== "usd")
          return { status: "failed", reason: "currency_mismatch" };
        const price = Number(payment.price_amount);
        if (!Number.isFinite(price) || Math.round(price * 100) !== expected) return { status: "failed", reason: "amount_mismatch" };
        return { status: "paid", reference: idOf(payment.payment_id) ?? paymentId };
      }
      if (PENDING_STATUSES.has(status)) return { status: "pending", reason: status };
      if (FAILED_STATUSES.has(status)) return { status: "failed", reason: status };
      // A status NOWPayments added later: neither settle nor fail on it.
      return { status: "pending", reason: `unknown:${status.replace(/[^A-Za-z0-9_]/g, "").slice(0, 40)}` };
    },

    authorityFromCallback(): string | null {
      return null;
    },
  };
}

/** NOWPayments ids come as strings or numbers. */
function idOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === "string" && NUMERIC_ID.test(value)) return value;
  return null;
}
