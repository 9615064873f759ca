/**
 * A stand-in for Stripe Checkout on 127.0.0.1, answering as Stripe's API reference says
 * (https://docs.stripe.com/api/checkout/sessions): form-encoded requests, `Authorization: Bearer <secret key>`
 * (401 otherwise), JSON objects and {"error": {type, code, message, param}} errors.
 *
 *   POST /v1/checkout/sessions             → a checkout.session (status "open", payment_status "unpaid", url)
 *   GET  /v1/checkout/sessions/{id}        → the session (404 resource_missing when unknown)
 *   POST /v1/checkout/sessions/{id}/expire → the session, now "expired" (400 unless it was open)
 *   GET  /c/pay/{id}                       the "Checkout page": links "pay" (completes the session, redirects to
 *                                          success_url with {CHECKOUT_SESSION_ID} filled in) and "cancel" (redirects to
 *                                          cancel_url; like Stripe, the session stays open)
 *
 * Plain node:http, no project imports. Run on its own with `npx tsx tests/support/fake-stripe.ts`
 * (FAKE_STRIPE_PORT, STRIPE_SECRET_KEY) for browser tests.
 */
import { maskKey, newCheckoutSession, publicView, randomId, type FakeStripeSession } from "./fake-stripe-session";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  fakeDelay,
  escapeHtml,
  isMain,
  readBody,
  sendHtml,
  sendJson as sendJsonWith,
  serveUntilStopped,
  listenOnLoopback,
} from "./fake-http";

export type { FakeStripeSession };

export type FakeStripe = {
  /** Use as STRIPE_BASE_URL. */
  url: string;
  sessions: Map<string, FakeStripeSession>;
  /** The form bodies of session creations, oldest first. */
  requests: URLSearchParams[];
  /** The payer paid: completes the session and returns the success URL Stripe redirects to. */
  pay(id: string): string;
  /** The payer pressed "back": returns the cancel URL (the session stays open, as with Stripe). */
  cancel(id: string): string;
  /** Changes a session (e.g. a different amount_total to script a mismatch). */
  update(id: string, patch: Partial<FakeStripeSession>): void;
  /** The next API request is answered with this HTTP status (e.g. 500 api_error, 429 rate_limit). */
  failNext(httpStatus: number): void;
  setDelay(ms: number): void;
  readonly retrieveCalls: number;
  readonly expireCalls: number;
  close(): Promise<void>;
};

const SESSION_PATH = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)(\/expire)?$/;
const PAGE_PATH = /^\/c\/pay\/([A-Za-z0-9_]+)(?:\/(pay|cancel))?$/;

export async function startFakeStripe({ secretKey, port = 0 }: { secretKey: string; port?: number }): Promise<FakeStripe> {
  const sessions = new Map<string, FakeStripeSession>();
  const requests: URLSearchParams[] = [];
  let forcedStatus: number | null = null;
  const delay = fakeDelay();
  let retrieveCalls = 0;
  let expireCalls = 0;
  let baseUrl = "";

  const error = (response: ServerResponse, status: number, details: { type?: string; code?: string; message: string; param?: string }) =>
    sendJson(response, status, {
      error: {
        type: details.type ?? "invalid_request_error",
        ...(details.code ? { code: details.code, doc_url: `https://stripe.com/docs/error-codes/${details.code.replace(/_/g, "-")}` } : {}),
        message: details.message,
        ...(details.param ? { param: details.param } : {}),
      },
    });

  function sessionOrThrow(id: string): FakeStripeSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake-stripe: no session ${id}`);
    return session;
  }

  function complete(id: string): string {
    const session = sessionOrThrow(id);
    if (session.status === "open") {
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = `pi_${randomId(24)}`;
      session.url = null;
    }
    return (session.success_url ?? "").replace("{CHECKOUT_SESSION_ID}", id);
  }

  function authorized(request: IncomingMessage, response: ServerResponse): boolean {
    const header = request.headers.authorization ?? "";
    let key: string | null = null;
    if (header.startsWith("Bearer ")) key = header.slice(7).trim();
    else if (header.startsWith("Basic ")) key = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? "";
    if (!key) {
      error(response, 401, {
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth " +
          "(e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, " +
          "or we can help at https://support.stripe.com/.",
      });
      return false;
    }
    if (key !== secretKey) {
      error(response, 401, { message: `Invalid API Key provided: ${maskKey(key)}` });
      return false;
    }
    return true;
  }

  function create(response: ServerResponse, form: URLSearchParams) {
    requests.push(form);
    const made = newCheckoutSession(form, baseUrl);
    if ("error" in made) return error(response, made.error.status, made.error);
    sessions.set(made.session.id, made.session);
    sendJson(response, 200, publicView(made.session));
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    const body = await readBody(request);
    await delay.pause();
    if (response.destroyed) return;
    if (forcedStatus !== null) {
      const status = forcedStatus;
      forcedStatus = null;
      if (status === 429) return error(response, 429, { type: "invalid_request_error", code: "rate_limit", message: "Too many requests" });
      return error(response, status, { type: "api_error", message: "An unknown error occurred" });
    }
    if (!authorized(request, response)) return;

    if (url.pathname === "/v1/checkout/sessions" && request.method === "POST") return create(response, new URLSearchParams(body));

    const match = SESSION_PATH.exec(url.pathname);
    if (match) {
      const id = match[1] ?? "";
      const expire = Boolean(match[2]);
      if ((expire && request.method !== "POST") || (!expire && request.method !== "GET")) {
        return error(response, 405, { message: `Unrecognized request URL (${request.method}: ${url.pathname}).` });
      }
      if (expire) expireCalls += 1;
      else retrieveCalls += 1;
      const session = sessions.get(id);
      // Stripe expires an open session at expires_at by itself.
      if (session?.status === "open" && session.expires_at * 1000 <= Date.now()) {
        session.status = "expired";
        session.url = null;
      }
      if (!session) {
        return error(response, 404, { code: "resource_missing", message: `No such checkout.session: '${id}'`, param: "session" });
      }
      if (expire) {
        if (session.status !== "open") {
          return error(response, 400, { message: `Only Checkout Sessions with a status in ["open"] can be expired.` });
        }
        session.status = "expired";
        session.url = null;
      }
      return sendJson(response, 200, publicView(session));
    }
    error(response, 404, { message: `Unrecognized request URL (${request.method}: ${url.pathname}).` });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");

    const page = PAGE_PATH.exec(url.pathname);
    if (page && request.method === "GET") {
      const id = page[1] ?? "";
      const session = sessions.get(id);
      if (!session || session.status !== "open")
        return sendHtml(response, 404, "<html><body><p>This Checkout Session is no longer active.</p></body></html>");
      if (page[2]) {
        const target = page[2] === "pay" ? complete(id) : (session.cancel_url ?? "");
        response.writeHead(302, { location: target });
        return response.end();
      }
      return sendHtml(
        response,
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (fake)</title></head><body>` +
          `<h1>${escapeHtml(session._product_name)}</h1><p data-amount="${session.amount_total}">${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</p>` +
          `<a id="pay" href="/c/pay/${id}/pay">pay</a> <a id="cancel" href="/c/pay/${id}/cancel">cancel</a></body></html>`,
      );
    }

    if (url.pathname.startsWith("/v1/")) {
      api(request, response, url).catch(() => {
        if (!response.headersSent) error(response, 500, { type: "api_error", message: "An unknown error occurred" });
      });
      return;
    }
    error(response, 404, { message: `Unrecognized request URL (${request.method}: ${url.pathname}).` });
  });

  baseUrl = await listenOnLoopback(server, port);

  return {
    url: baseUrl,
    sessions,
    requests,
    pay: complete,
    cancel: (id) => sessionOrThrow(id).cancel_url ?? "",
    update(id, patch) {
      Object.assign(sessionOrThrow(id), patch);
    },
    failNext(httpStatus) {
      forcedStatus = httpStatus;
    },
    setDelay: delay.setDelay,
    get retrieveCalls() {
      return retrieveCalls;
    },
    get expireCalls() {
      return expireCalls;
    },
    close: () => delay.close(server),
  };
}

// Stripe answers plain application/json and names each request.
const sendJson = (response: ServerResponse, status: number, body: unknown) =>
  sendJsonWith(response, status, body, { "content-type": "application/json", "request-id": `req_${randomId(14)}` });

// Standalone: `npx tsx tests/support/fake-stripe.ts` for Playwright's webServer.
if (isMain(import.meta.url)) {
  const fake = await startFakeStripe({
    secretKey: process.env.STRIPE_SECRET_KEY || "sk_test_takapoo_fake_key",
    port: Number(process.env.FAKE_STRIPE_PORT || 0),
  });
  serveUntilStopped("fake-stripe", fake);
}
