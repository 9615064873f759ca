import { rawEnv } from "@/server/core/env";
import { isTimeout, networkCode, redact } from "@/server/adapters/http-failure";
/**
 * One-time codes by SMS. Production speaks Kavenegar's verify lookup API
 * (https://kavenegar.com/rest.html#sms-Lookup); development prints the code to the server log.
 * Neither the API key nor a code ever goes into an error message.
 */

export type OtpPurpose = "register" | "login" | "reset_password" | "verify_phone";

/**
 * What our texts say, besides the template's own words: only values we make or check strictly — an
 * amount, a code of ours, a date — never text another person wrote (issue 30: an inviter's name such as
 * "Prize! claim at evil.example/w" went out under the platform's sender). sendNotice refuses anything
 * else (smsValueProblem), so a future notice cannot carry free text by mistake.
 */
export type SmsNotice =
  /** A payout paid, or refused by the bank (`amount` in Rials; the text says toman). */
  | { kind: "payout_confirmed" | "payout_failed"; amount: number }
  /** A friend's invitation: the link's code only (the invitation page names the inviter; the template carries the opt-out line). */
  | { kind: "invitation"; code: string }
  /** The identity's decision, and the day it was made (Jalali, yyyy/mm/dd). */
  | { kind: "identity_approved" | "identity_rejected"; date: string }
  /** A plan that ends soon, and when (Jalali, yyyy/mm/dd). */
  | { kind: "membership_expiring"; date: string };

const SMS_VALUE = { code: /^[a-z2-9]{10}$/, date: /^\d{4}\/\d{2}\/\d{2}$/ } as const;

/** Why a notice may not be sent (a value that is not ours, or not in its strict form), or null. */
export function smsValueProblem(notice: SmsNotice): string | null {
  switch (notice.kind) {
    case "invitation":
      return SMS_VALUE.code.test(notice.code) ? null : "invitation code";
    case "identity_approved":
    case "identity_rejected":
    case "membership_expiring":
      return SMS_VALUE.date.test(notice.date) ? null : "date";
    default:
      return Number.isSafeInteger(notice.amount) && notice.amount >= 0 ? null : "amount";
  }
}

export interface SmsSender {
  /** True for a sender that only writes to the server log (development): nothing reaches a phone, so no screen says "sent by SMS". */
  readonly logsOnly?: boolean;
  sendOtp(input: { phone: string /* E.164 like +989121234567 */; code: string; purpose: OtpPurpose }): Promise<void>;
  sendNotice(input: { phone: string; notice: SmsNotice }): Promise<void>;
}

/** Why a message was not handed to the provider. */
export type SmsFailureReason = "rejected" | "network" | "timeout" | "bad_response" | "unsupported_phone";

export class SmsDeliveryError extends Error {
  override readonly name = "SmsDeliveryError";
  readonly provider: string;
  readonly reason: SmsFailureReason;
  /** The provider's status (Kavenegar's `return.status`, else the HTTP status); null when no answer came. */
  readonly status: number | null;
  readonly httpStatus: number | null;

  constructor(
    message: string,
    details: { provider: string; reason: SmsFailureReason; status?: number | null; httpStatus?: number | null },
  ) {
    super(message);
    this.provider = details.provider;
    this.reason = details.reason;
    this.status = details.status ?? null;
    this.httpStatus = details.httpStatus ?? null;
  }
}

/** +989121234567 → +98912***4567 */
export function maskPhone(phone: string): string {
  if (phone.length > 10) return `${phone.slice(0, 6)}***${phone.slice(-4)}`;
  return `***${phone.slice(-2)}`;
}

/** Development sender: the code is meant to be read from the server log. */
export function consoleSmsSender(log: (line: string) => void = console.info): SmsSender {
  return {
    logsOnly: true,
    async sendOtp({ phone, code, purpose }) {
      log(`[sms] to ${maskPhone(phone)} code ${code} (${purpose})`);
    },
    async sendNotice({ phone, notice }) {
      const problem = smsValueProblem(notice);
      if (problem)
        throw new SmsDeliveryError(`SMS ${notice.kind}: the ${problem} is not in its strict form`, {
          provider: "console",
          reason: "rejected",
        });
      if (notice.kind === "invitation") log(`[sms] to ${maskPhone(phone)} invitation ${notice.code}`);
      else if (notice.kind === "payout_confirmed" || notice.kind === "payout_failed")
        log(`[sms] to ${maskPhone(phone)} ${notice.kind} ${notice.amount} Rials`);
      else log(`[sms] to ${maskPhone(phone)} ${notice.kind}`);
    },
  };
}

/** +989121234567 → 09121234567; null for anything that is not an Iranian mobile number. */
export function toKavenegarReceptor(phone: string): string | null {
  const match = /^\+98(9\d{9})$/.exec(phone.replace(/[\s-]/g, ""));
  return match ? `0${match[1]}` : null;
}

export type KavenegarOptions = {
  apiKey: string;
  /** The name of the verify template approved in the Kavenegar panel (it contains %token). */
  template: string;
  /** Templates of the notices (%token: the amount in toman); a notice without one is refused, not sent. */
  noticeTemplates?: Partial<Record<SmsNotice["kind"], string>>;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

type KavenegarAnswer = { return?: { status?: unknown; message?: unknown } };

const PROVIDER = "kavenegar";

export function kavenegarSmsSender({
  apiKey,
  template,
  baseUrl = "https://api.kavenegar.com",
  fetch: fetchImpl = globalThis.fetch,
  timeoutMs = 10_000,
  noticeTemplates = {},
}: KavenegarOptions): SmsSender {
  const root = baseUrl.replace(/\/+$/, "");

  /** One verify lookup: the template with its token, to an Iranian mobile; `secret` is kept out of errors. */
  async function lookup(
    phone: string,
    token: string,
    lookupTemplate: string,
    secret: string,
    more: Record<string, string> = {},
  ): Promise<void> {
    const fail = (message: string, details: Omit<ConstructorParameters<typeof SmsDeliveryError>[1], "provider">) =>
      new SmsDeliveryError(redact(message, [apiKey, secret]), { provider: PROVIDER, ...details });

    const receptor = toKavenegarReceptor(phone);
    if (!receptor) throw fail(`Kavenegar lookup: ${maskPhone(phone)} is not an Iranian mobile number`, { reason: "unsupported_phone" });

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${root}/v1/${encodeURIComponent(apiKey)}/verify/lookup.json`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ receptor, token, template: lookupTemplate, ...more }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      // The cause is not attached: a fetch error can quote the URL, which holds the API key.
      if (isTimeout(error)) throw fail(`Kavenegar lookup timed out after ${timeoutMs} ms`, { reason: "timeout" });
      throw fail(`Kavenegar lookup failed: network error${networkCode(error)}`, { reason: "network" });
    }

    let answer: KavenegarAnswer;
    try {
      answer = JSON.parse(text) as KavenegarAnswer;
    } catch {
      throw fail(`Kavenegar lookup failed: HTTP ${response.status} with a body that is not JSON`, {
        reason: "bad_response",
        status: response.status,
        httpStatus: response.status,
      });
    }

    const status = typeof answer?.return?.status === "number" ? answer.return.status : null;
    if (response.status === 200 && status === 200) return;

    const providerMessage = typeof answer?.return?.message === "string" ? `: ${answer.return.message}` : "";
    throw fail(`Kavenegar lookup failed with status ${status ?? response.status}${providerMessage}`, {
      reason: status === null ? "bad_response" : "rejected",
      status: status ?? response.status,
      httpStatus: response.status,
    });
  }

  return {
    sendOtp: ({ phone, code }) => lookup(phone, code, template, code),
    async sendNotice({ phone, notice }) {
      const problem = smsValueProblem(notice);
      if (problem)
        throw new SmsDeliveryError(`Kavenegar: the ${notice.kind} notice's ${problem} is not in its strict form`, {
          provider: PROVIDER,
          reason: "rejected",
        });
      const noticeTemplate = noticeTemplates[notice.kind];
      if (!noticeTemplate)
        throw new SmsDeliveryError(`Kavenegar: no template is configured for ${notice.kind}`, { provider: PROVIDER, reason: "rejected" });
      switch (notice.kind) {
        case "invitation":
          return lookup(phone, notice.code, noticeTemplate, "");
        case "identity_approved":
        case "identity_rejected":
        case "membership_expiring":
          return lookup(phone, notice.date, noticeTemplate, "");
        default:
          // The amount in toman as plain digits.
          return lookup(phone, String(Math.floor(notice.amount / 10)), noticeTemplate, "");
      }
    },
  };
}

type Env = Record<string, string | undefined>;

/**
 * SMS_PROVIDER = "console" (default) | "kavenegar" (KAVENEGAR_API_KEY, KAVENEGAR_TEMPLATE, optional KAVENEGAR_BASE_URL,
 * and the notices' templates KAVENEGAR_PAYOUT_CONFIRMED_TEMPLATE, KAVENEGAR_PAYOUT_FAILED_TEMPLATE, KAVENEGAR_INVITATION_TEMPLATE).
 */
export function smsSenderFromEnv(env: Env = rawEnv()): SmsSender {
  const provider = (env.SMS_PROVIDER?.trim() || "console").toLowerCase();
  if (provider === "console") return consoleSmsSender();
  if (provider !== "kavenegar") throw new Error(`SMS_PROVIDER must be "console" or "kavenegar", not "${provider}"`);

  const apiKey = env.KAVENEGAR_API_KEY?.trim();
  const template = env.KAVENEGAR_TEMPLATE?.trim();
  const missing = [!apiKey && "KAVENEGAR_API_KEY", !template && "KAVENEGAR_TEMPLATE"].filter(Boolean);
  if (!apiKey || !template) throw new Error(`SMS_PROVIDER=kavenegar needs ${missing.join(" and ")} to be set`);

  const baseUrl = env.KAVENEGAR_BASE_URL?.trim() || undefined;
  if (baseUrl && !URL.canParse(baseUrl)) throw new Error(`KAVENEGAR_BASE_URL is not a valid URL: "${baseUrl}"`);

  const noticeTemplates = {
    payout_confirmed: env.KAVENEGAR_PAYOUT_CONFIRMED_TEMPLATE?.trim() || undefined,
    payout_failed: env.KAVENEGAR_PAYOUT_FAILED_TEMPLATE?.trim() || undefined,
    invitation: env.KAVENEGAR_INVITATION_TEMPLATE?.trim() || undefined,
    identity_approved: env.KAVENEGAR_IDENTITY_APPROVED_TEMPLATE?.trim() || undefined,
    identity_rejected: env.KAVENEGAR_IDENTITY_REJECTED_TEMPLATE?.trim() || undefined,
    membership_expiring: env.KAVENEGAR_MEMBERSHIP_EXPIRING_TEMPLATE?.trim() || undefined,
  };
  return kavenegarSmsSender({ apiKey, template, baseUrl, noticeTemplates });
}
