/**
 * A stand-in for Zarinpal's REST v4 payment gateway on 127.0.0.1, answering as its documentation says
 * (https://www.zarinpal.com/docs/paymentGateway/connectToGateway, errorList):
 *
 *   POST /pg/v4/payment/request.json   {merchant_id, amount, currency, description, callback_url, metadata}
 *        → {"data":{"code":100,"message":"Success","authority":"A000…","fee_type":"Merchant","fee":…},"errors":[]}
 *   GET  /pg/StartPay/{authority}      a tiny page with two links, "pay" and "cancel", which mark the payment paid or
 *                                      cancelled and redirect to callback_url with Authority and Status=OK|NOK
 *   POST /pg/v4/payment/verify.json    {merchant_id, amount, authority}
 *        → 100 (first verify of a paid payment), 101 (verified before), or {"data":[],"errors":{"code":…}}:
 *          -10 unknown merchant, -54 unknown authority, -53 another merchant's, -51 not paid/cancelled, -50 amount differs
 *
 * Plain node:http, no project imports. Run on its own with `npx tsx tests/support/fake-zarinpal.ts`
 * (FAKE_ZARINPAL_PORT, ZARINPAL_MERCHANT_ID) for browser tests.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { fakeDelay, escapeHtml, isMain, readBody, sendHtml, sendJson, serveUntilStopped, listenOnLoopback } from "./fake-http";

export type FakeZarinpalPayment = {
  authority: string;
  merchantId: string;
  amount: number;
  currency: string;
  description: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
  state: "pending" | "paid" | "cancelled";
  verified: boolean;
  refId: number | null;
  cardPan: string;
};

export type FakeZarinpal = {
  /** Use as ZARINPAL_BASE_URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Every payment requested, by authority. */
  payments: Map<string, FakeZarinpalPayment>;
  /** The request.json bodies received, oldest first. */
  requests: Array<Record<string, unknown>>;
  /** The payer paid: returns the callback URL Zarinpal would redirect to (Status=OK). */
  pay(authority: string): string;
  /** The payer cancelled (or the bank refused): returns the callback URL (Status=NOK). */
  cancel(authority: string): string;
  /** The next API request (request.json or verify.json) is answered with this HTTP status and an HTML error page. */
  failNext(httpStatus: number): void;
  /** The next API request is answered with this Zarinpal error code, e.g. -12 (too many attempts). */
  failNextWithCode(code: number): void;
  /** Wait this long before answering each API request. */
  setDelay(ms: number): void;
  /** How many verify.json requests arrived. */
  readonly verifyCalls: number;
  close(): Promise<void>;
};

/** Zarinpal's documented English messages. */
const MESSAGES: Record<number, string> = {
  [-9]: "The input params invalid, validation error.",
  [-10]: "Terminal is not valid, please check merchant_id or ip address.",
  [-11]: "Terminal is not active, please contact our support team.",
  [-12]: "To many attempts, please try again later.",
  [-50]: "Session is not valid, amounts values is not the same.",
  [-51]: "Session is not valid, session is not active paid try.",
  [-52]: "Oops!!, please contact our support team",
  [-53]: "Session is not this merchant_id session",
  [-54]: "Invalid authority.",
  100: "Success",
  101: "Verified",
};

export async function startFakeZarinpal({
  merchantId,
  port = 0,
  errorHttpStatus = 200,
}: {
  merchantId: string;
  port?: number;
  /** The HTTP status of answers carrying an error code (Zarinpal's own varies); default 200. */
  errorHttpStatus?: number;
}): Promise<FakeZarinpal> {
  const payments = new Map<string, FakeZarinpalPayment>();
  const requests: Array<Record<string, unknown>> = [];
  let forcedHttpStatus: number | null = null;
  let forcedCode: number | null = null;
  const delay = fakeDelay();
  let verifyCalls = 0;
  let nextAuthority = 217_885_159;
  let nextRefId = 50_428_193_620;

  const fail = (response: ServerResponse, code: number, validations: Array<Record<string, string>> = []) =>
    sendJson(response, errorHttpStatus, { data: [], errors: { code, message: MESSAGES[code] ?? "Error", validations } });

  function settle(authority: string, state: "paid" | "cancelled"): string {
    const payment = payments.get(authority);
    if (!payment) throw new Error(`fake-zarinpal: no payment ${authority}`);
    if (payment.state === "pending") payment.state = state;
    const url = new URL(payment.callbackUrl);
    url.searchParams.set("Authority", authority);
    url.searchParams.set("Status", state === "paid" ? "OK" : "NOK");
    return url.toString();
  }

  function paymentRequest(response: ServerResponse, body: Record<string, unknown>) {
    requests.push(body);
    if (body.merchant_id !== merchantId) return fail(response, -10);
    const validations: Array<Record<string, string>> = [];
    const amount = typeof body.amount === "string" && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
    if (typeof amount !== "number" || !Number.isInteger(amount)) validations.push({ amount: "The amount must be an integer." });
    else if (amount < 10_000) validations.push({ amount: "The amount must be at least 10000." });
    if (typeof body.description !== "string" || !body.description) validations.push({ description: "The description field is required." });
    else if (body.description.length > 500) validations.push({ description: "The description may not be greater than 500 characters." });
    if (typeof body.callback_url !== "string" || !URL.canParse(body.callback_url)) {
      validations.push({ callback_url: "The callback url field is required." });
    }
    const currency = body.currency ?? "IRR";
    if (currency !== "IRR" && currency !== "IRT") validations.push({ currency: "The selected currency is invalid." });
    if (validations.length > 0) return fail(response, -9, validations);

    const authority = `A${String(nextAuthority++).padStart(35, "0")}`;
    payments.set(authority, {
      authority,
      merchantId,
      amount: amount as number,
      currency: currency as string,
      description: body.description as string,
      callbackUrl: body.callback_url as string,
      metadata: isRecord(body.metadata) ? body.metadata : {},
      state: "pending",
      verified: false,
      refId: null,
      cardPan: "502229******5995",
    });
    sendJson(response, 200, {
      data: { code: 100, message: MESSAGES[100], authority, fee_type: "Merchant", fee: Math.ceil((amount as number) / 100) },
      errors: [],
    });
  }

  function verify(response: ServerResponse, body: Record<string, unknown>) {
    verifyCalls += 1;
    if (body.merchant_id !== merchantId) return fail(response, -10);
    if (typeof body.authority !== "string" || typeof body.amount !== "number") {
      return fail(response, -9, [{ authority: "The authority field is required." }]);
    }
    const payment = payments.get(body.authority);
    if (!payment) return fail(response, -54);
    if (payment.merchantId !== body.merchant_id) return fail(response, -53);
    if (payment.state !== "paid") return fail(response, -51);
    if (payment.amount !== body.amount) return fail(response, -50);

    const code = payment.verified ? 101 : 100;
    if (!payment.verified) {
      payment.verified = true;
      payment.refId = nextRefId++;
    }
    sendJson(response, 200, {
      data: {
        code,
        message: MESSAGES[code],
        card_hash: createHash("sha256").update(payment.authority).digest("hex").toUpperCase(),
        card_pan: payment.cardPan,
        ref_id: payment.refId,
        fee_type: "Merchant",
        fee: Math.ceil(payment.amount / 100),
      },
      errors: [],
    });
  }

  async function api(request: IncomingMessage, response: ServerResponse, handler: typeof verify) {
    const text = await readBody(request);
    await delay.pause();
    if (response.destroyed) return;
    if (forcedHttpStatus !== null) {
      const status = forcedHttpStatus;
      forcedHttpStatus = null;
      return sendHtml(response, status, `<html><body><h1>${status}</h1></body></html>`);
    }
    if (forcedCode !== null) {
      const code = forcedCode;
      forcedCode = null;
      return fail(response, code);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return fail(response, -9, [{ body: "The request body must be JSON." }]);
    }
    if (!isRecord(body)) return fail(response, -9);
    handler(response, body);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const route = `${request.method} ${url.pathname}`;

    if (route === "POST /pg/v4/payment/request.json" || route === "POST /pg/v4/payment/verify.json") {
      api(request, response, route.endsWith("request.json") ? paymentRequest : verify).catch(() => {
        if (!response.headersSent) fail(response, -52);
      });
      return;
    }

    const start = /^\/pg\/StartPay\/([A-Za-z0-9]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    if (start && request.method === "GET") {
      const authority = start[1] ?? "";
      const payment = payments.get(authority);
      if (!payment) return sendHtml(response, 404, "<html><body><p>Invalid authority.</p></body></html>");
      if (start[2]) {
        const target = settle(authority, start[2] === "pay" ? "paid" : "cancelled");
        response.writeHead(302, { location: target });
        return response.end();
      }
      return sendHtml(
        response,
        200,
        `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>Zarinpal (fake)</title></head><body>` +
          `<h1>درگاه پرداخت زرین‌پال (آزمایشی)</h1><p data-amount="${payment.amount}">${payment.amount.toLocaleString("en-US")} ${escapeHtml(payment.currency)}</p>` +
          `<p>${escapeHtml(payment.description)}</p>` +
          `<a id="pay" href="/pg/StartPay/${authority}/pay">pay</a> <a id="cancel" href="/pg/StartPay/${authority}/cancel">cancel</a>` +
          `</body></html>`,
      );
    }

    sendJson(response, 404, { data: [], errors: { code: -404, message: "Not Found", validations: [] } });
  });

  const baseUrl = await listenOnLoopback(server, port);

  return {
    url: baseUrl,
    payments,
    requests,
    pay: (authority) => settle(authority, "paid"),
    cancel: (authority) => settle(authority, "cancelled"),
    failNext(httpStatus) {
      forcedHttpStatus = httpStatus;
    },
    failNextWithCode(code) {
      forcedCode = code;
    },
    setDelay: delay.setDelay,
    get verifyCalls() {
      return verifyCalls;
    },
    close: () => delay.close(server),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Standalone: `npx tsx tests/support/fake-zarinpal.ts` for Playwright's webServer.
if (isMain(import.meta.url)) {
  const fake = await startFakeZarinpal({
    merchantId: process.env.ZARINPAL_MERCHANT_ID || "00000000-0000-0000-0000-000000000000",
    port: Number(process.env.FAKE_ZARINPAL_PORT || 0),
  });
  serveUntilStopped("fake-zarinpal", fake);
}
