/**
 * Shetab cards through Zarinpal's REST v4 gateway (https://www.zarinpal.com/docs/paymentGateway/connectToGateway):
 *
 *   POST {base}/pg/v4/payment/request.json  {merchant_id, amount, currency: "IRR", description, callback_url, metadata}
 *        → {"data":{"code":100,"authority":"A000…","fee_type":"Merchant","fee":…},"errors":[]}
 *   the payer goes to {base}/pg/StartPay/{authority} and comes back to callback_url?…&Authority=…&Status=OK|NOK
 *   POST {base}/pg/v4/payment/verify.json   {merchant_id, amount, authority}
 *        → code 100 (ref_id, card_pan), 101 (verified before), or {"data":[],"errors":{"code":-50,"message":…}}
 *
 * Status=NOK is never trusted either way: every callback is verified with Zarinpal (which answers -51 for an
 * unpaid or cancelled payment). Zarinpal reverses a payment that is not verified, so an error we cannot
 * classify leaves the transaction pending (GatewayError) rather than failed.
 */
import { providerCaller, providerMessage, unusableAnswer } from "./provider-call";
import type { ProviderAnswer, ProviderHttpOptions } from "./provider-call";
import { GatewayError, isRecord } from "./types";
import type { CreatedPayment, CreatePaymentInput, PaymentGateway, VerifyInput, VerifyResult } from "./types";

export type ZarinpalOptions = {
  /** The 36-character merchant id of the terminal. */
  merchantId: string;
} & ProviderHttpOptions;

const GATEWAY = "zarinpal" as const;
/** The API origin unless `baseUrl` says otherwise. */
export const ZARINPAL_DEFAULT_BASE_URL = "https://payment.zarinpal.com";
/** Zarinpal refuses longer descriptions (-9). */
const MAX_DESCRIPTION = 500;
const AUTHORITY = /^[A-Za-z0-9]{1,64}$/;

/** Verify codes that settle the payment as not paid; their `failed` reason. */
const FAILED_VERIFY_CODES: Record<number, string> = {
  [-50]: "amount_mismatch", // Session is not valid, amounts values is not the same.
  [-51]: "not_paid", // Session is not valid, session is not active paid try.
  [-53]: "unknown_payment", // Session is not this merchant_id session.
  [-54]: "unknown_payment", // Invalid authority.
  [-55]: "unknown_payment", // Manual payment request not found.
};
/** "Too many attempts" and "Oops, contact support": worth another try later. */
const RETRYABLE_CODES = new Set([-12, -52]);

/** +989121234567 → 09121234567, the form Zarinpal's metadata.mobile takes; null for other numbers. */
export function toZarinpalMobile(phone: string): string | null {
  const match = /^(?:\+98|0098|0)?(9\d{9})$/.exec(phone.replace(/[\s-]/g, ""));
  return match ? `0${match[1]}` : null;
}

export function zarinpalGateway({
  merchantId,
  baseUrl = ZARINPAL_DEFAULT_BASE_URL,
  fetch: fetchImpl = globalThis.fetch,
  timeoutMs = 10_000,
}: ZarinpalOptions): PaymentGateway {
  const root = baseUrl.replace(/\/+$/, "");
  const secrets = [merchantId];
  const send = providerCaller({ gateway: GATEWAY, baseUrl, fetch: fetchImpl, timeoutMs, secrets });
  const post = (label: string, path: string, body: unknown) =>
    send(label, path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });

  /** GatewayError for a Zarinpal error code (or an answer without one). */
  const refused = (label: string, answer: ProviderAnswer, parsed: ParsedAnswer | null): GatewayError => {
    if (!parsed || parsed.code === null) return unusableAnswer(GATEWAY, label, answer.httpStatus);
    const detail = providerMessage(parsed.message, secrets);
    return new GatewayError(`${label} was refused with code ${parsed.code}${detail ? `: ${detail}` : ""}`, {
      gateway: GATEWAY,
      reason: RETRYABLE_CODES.has(parsed.code) || answer.httpStatus >= 500 ? "unavailable" : "rejected",
      providerCode: parsed.code,
      httpStatus: answer.httpStatus,
    });
  };

  return {
    id: GATEWAY,
    kind: "shetab",

    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const label = "Zarinpal payment request";
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new GatewayError(`${label}: the amount must be a positive integer number of Rials`, { gateway: GATEWAY, reason: "rejected" });
      }
      const mobile = input.mobile ? toZarinpalMobile(input.mobile) : null;
      const metadata: Record<string, string> = { order_id: input.transactionId };
      if (mobile) metadata.mobile = mobile;
      if (input.email) metadata.email = input.email;

      const answer = await post(label, "/pg/v4/payment/request.json", {
        merchant_id: merchantId,
        amount: input.amount,
        currency: "IRR",
        description: input.description.slice(0, MAX_DESCRIPTION),
        callback_url: input.callbackUrl,
        metadata,
      });
      const parsed = parseAnswer(answer.json);
      if (parsed?.code !== 100) throw refused(label, answer, parsed);

      const authority = parsed.data?.authority;
      if (typeof authority !== "string" || !AUTHORITY.test(authority)) {
        throw new GatewayError(`${label} answered code 100 without a valid authority`, {
          gateway: GATEWAY,
          reason: "bad_response",
          httpStatus: answer.httpStatus,
        });
      }
      return { authority, redirectUrl: `${root}/pg/StartPay/${encodeURIComponent(authority)}` };
    },

    async verify({ authority, amount }: VerifyInput): Promise<VerifyResult> {
      const label = "Zarinpal payment verification";
      if (!AUTHORITY.test(authority)) return { status: "failed", reason: "unknown_payment" };
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        throw new GatewayError(`${label}: the amount must be a positive integer number of Rials`, { gateway: GATEWAY, reason: "rejected" });
      }

      const answer = await post(label, "/pg/v4/payment/verify.json", { merchant_id: merchantId, amount, authority });
      const parsed = parseAnswer(answer.json);
      const code = parsed?.code ?? null;

      if (code === 100 || code === 101) {
        const reference = referenceOf(parsed?.data?.ref_id);
        if (code === 101) return { status: "already_verified", reference };
        if (reference === null) {
          throw new GatewayError(`${label} answered code 100 without a ref_id`, {
            gateway: GATEWAY,
            reason: "bad_response",
            httpStatus: answer.httpStatus,
          });
        }
        return { status: "paid", reference };
      }
      if (code === null || code >= 0 || RETRYABLE_CODES.has(code)) throw refused(label, answer, parsed);

      const known = FAILED_VERIFY_CODES[code];
      if (known) return { status: "failed", reason: known };
      // -9 … -19 are about our terminal (validation, merchant id or IP, not active, suspended, level):
      // the payment itself is unknown, so it stays pending and the error is reported.
      if (code >= -19) throw refused(label, answer, parsed);
      return { status: "failed", reason: `zarinpal:${code}` };
    },

    authorityFromCallback(query: URLSearchParams): string | null {
      const authority = query.get("Authority")?.trim();
      return authority && AUTHORITY.test(authority) ? authority : null;
    },
  };
}

type ParsedAnswer = { code: number | null; data: Record<string, unknown> | null; message: unknown };

/** Zarinpal's {data:{code,…},errors:[]} or {data:[],errors:{code,message,validations}}. */
function parseAnswer(json: unknown): ParsedAnswer | null {
  if (!isRecord(json)) return null;
  const data = isRecord(json.data) ? json.data : null;
  const errors = isRecord(json.errors) ? json.errors : null;
  const code = toCode(data?.code) ?? toCode(errors?.code);
  const validations = Array.isArray(errors?.validations)
    ? errors.validations.flatMap((entry) => (isRecord(entry) ? Object.values(entry) : [])).filter((text) => typeof text === "string")
    : [];
  const message = [errors?.message ?? data?.message, ...validations].filter((text) => typeof text === "string" && text).join(" ");
  return { code, data, message };
}

function toCode(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^-?\d+$/.test(value)) return Number(value);
  return null;
}

function referenceOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value.trim()) return value.trim();
  return null;
}
