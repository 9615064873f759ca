import { afterEach, vi } from "vitest";
import type { Transaction } from "@/lib/api/payments";
import { answerWith, jsonResponse } from "../support/msw";
import { PlainLink } from "../support/navigation";

export { jsonResponse };

/** What useSearchParams reads (a test sets `search.value`, e.g. "tx=…"). */
export const search = { value: "" };
export const nextNavigation = { useSearchParams: () => new URLSearchParams(search.value) };

/** The wallet screens' tests start each test with no stubbed globals and no hash. */
export function resetAfterEach() {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.location.hash = "";
  });
}

/** next-intl's Link needs a mounted Next.js app router: a plain anchor is enough here. */
export const navigationMock = { Link: PlainLink };

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** A fake fetch answering by method and path; every call is recorded with its parsed URL. */
export function fakeApi(route: Route) {
  const calls: { url: URL; method: string; body: unknown; idempotencyKey: string | undefined }[] = [];
  const fetchMock = answerWith(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const idempotencyKey = (init?.headers as Record<string, string> | undefined)?.["idempotency-key"];
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined, idempotencyKey });
    const answer = await route(url, init);
    return answer ?? jsonResponse(404, { error: { code: "not_found", message: "Not found." } });
  });
  return { calls, fetchMock };
}

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: "7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2a01",
    amount: 5_000_000,
    status: "paid",
    intent: "wallet_charge",
    gateway: "sandbox",
    reference: "SBX-REF-42",
    failure_reason: null,
    plan_not_bought: null,
    created_at: "2025-03-20T08:30:00Z",
    approved_at: "2025-03-20T08:31:00Z",
    ...overrides,
  };
}

export const balances = { wallet_balance: 2_000_000, earnings_balance: 0, held_balance: 0 };

export function api(gateways: { id: string; kind: string }[] = [{ id: "sandbox", kind: "test" }], charge?: () => Response) {
  return fakeApi((url, init) => {
    if (url.pathname === "/api/wallet") return jsonResponse(200, { data: balances });
    if (url.pathname === "/api/payments/gateways") return jsonResponse(200, { data: gateways });
    if (url.pathname === "/api/wallet/charge" && init?.method === "POST") return charge?.();
    return undefined;
  });
}
