import { answerWith, jsonResponse, type SentInit } from "./msw";

/**
 * The API as component tests fake it, on the shared msw server (msw.ts): `fakeApi(...routes)` answers
 * each request with the first route that answers it (the 404 envelope when none does) and returns the
 * requests, in order. A route is the test's own function, or one of the shared answers below for the
 * endpoints many screens read (me, wallet, gateways, notifications count, plans, pricing, campaigns):
 *   const calls = fakeApi(me(adminUser()), wallet(), (url, call) => (call.method === "POST" ? ok({ … }) : undefined));
 */

/** One request the fake API received. */
export type ApiCall = {
  url: URL;
  /** The path, without the query. */
  path: string;
  method: string;
  /** The JSON body, parsed; undefined without one (or for a form). */
  body: unknown;
  /** The Idempotency-Key header, when sent. */
  idempotencyKey: string | undefined;
  /** The request as sent: headers (lower-case names) and the body as text. */
  init: SentInit;
};

/** A request as a test compares it whole: method, path and parsed body. */
export const sent = ({ method, path, body }: ApiCall) => ({ method, path, body });

export type Answer = Response | undefined;
/** A part of the fake API: an answer to the requests it knows, nothing to the others. */
export type ApiRoute = (url: URL, call: ApiCall) => Answer | Promise<Answer>;

function parsed(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Answers the API by `routes`, the first that answers winning; returns every request received, in order. */
export function fakeApi(...routes: ApiRoute[]): ApiCall[] {
  const calls: ApiCall[] = [];
  answerWith(async (href, init) => {
    const url = new URL(href, "http://localhost");
    const call: ApiCall = {
      url,
      path: url.pathname,
      method: init.method,
      body: parsed(init.body),
      idempotencyKey: init.headers["idempotency-key"],
      init,
    };
    calls.push(call);
    for (const route of routes) {
      const answer = await route(url, call);
      if (answer) return answer;
    }
    return notFound();
  });
  return calls;
}

/* ---- Answers in the API's envelopes ---- */

export { jsonResponse };
/** `{ data }`, 200 unless said. */
export const ok = (data: unknown, status = 200) => jsonResponse(status, { data });
/** One page of a list: `{ data, meta }`, the page's rows being all there are. */
export const page = (rows: readonly unknown[], perPage = 20) =>
  jsonResponse(200, { data: rows, meta: { page: 1, per_page: perPage, total: rows.length } });
/** A refusal: `{ error: { code, message } }`. */
export const refusal = (status: number, code: string, message: string) =>
  jsonResponse(status, { error: { code, message, request_id: "test" } });
/** What the API answers a path it does not know. */
export const notFound = () => jsonResponse(404, { error: { code: "not_found", message: "Not found." } });

/** A route for `method` (or any, "*") on `path` (exact, or a pattern), answered by `answer`. */
export function on(method: string, path: string | RegExp, answer: (url: URL, call: ApiCall) => Answer | Promise<Answer>): ApiRoute {
  return (url, call) =>
    (method === "*" || call.method === method) && (typeof path === "string" ? url.pathname === path : path.test(url.pathname))
      ? answer(url, call)
      : undefined;
}

/* ---- The endpoints many screens read ---- */

/** The signed-in person (GET /api/me). */
export const me = (user: object) => on("GET", "/api/me", () => ok(user));

/** The balances (GET /api/wallet): 2,000,000 Rials to spend, nothing earned or held unless said; a function is read at each request. */
export const wallet = (balances: object | (() => object) = { wallet_balance: 2_000_000, earnings_balance: 0, held_balance: 0 }) =>
  on("GET", "/api/wallet", () => ok(typeof balances === "function" ? balances() : balances));

/** The payment gateways offered (GET /api/payments/gateways): none unless said. */
export const gateways = (list: readonly { id: string; kind: string }[] = []) => on("GET", "/api/payments/gateways", () => ok(list));

/** The notifications not seen yet (GET /api/notifications/count). */
export const unseen = (count: number) => on("GET", "/api/notifications/count", () => ok({ unseen: count }));

/** The membership plans on sale (GET /api/memberships/plans). */
export const plans = (list: readonly unknown[]) => on("GET", "/api/memberships/plans", () => ok(list));

/** The price list (GET /api/pricing). */
export const pricing = (prices: readonly unknown[]) => on("GET", "/api/pricing", () => ok(prices));

/** One campaign (GET /api/campaigns/{id}). */
export const campaign = (shown: { id: string }) => on("GET", `/api/campaigns/${shown.id}`, () => ok(shown));

/** A list of campaigns, the owner's (GET /api/campaigns) or the back office's (GET /api/admin/campaigns). */
export const campaigns = (list: readonly unknown[], path: "/api/campaigns" | "/api/admin/campaigns" = "/api/campaigns") =>
  on("GET", path, () => page(list));
