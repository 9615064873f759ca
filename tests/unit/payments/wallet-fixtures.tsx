import { afterEach, vi } from "vitest";
import type { StatementLine, Transaction } from "@/lib/api/payments";
import { fakeApi, gateways as gatewaysAnswer, on, wallet } from "../support/api";
import { PlainLink } from "../support/navigation";

export { fakeApi, jsonResponse } from "../support/api";

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

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: "7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2a01",
    amount: 5_000_000,
    status: "paid",
    intent: "wallet_charge",
    gateway: "sandbox",
    reference: "SBX-REF-42",
    failure_reason: null,
    campaign_id: null,
    plan_not_bought: null,
    created_at: "2025-03-20T08:30:00Z",
    approved_at: "2025-03-20T08:31:00Z",
    ...overrides,
  };
}

/** One line of the statement (GET wallet/statement): a paid wallet charge by default. */
export function statementLine(overrides: Partial<StatementLine> = {}): StatementLine {
  return {
    id: "7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2a01",
    at: "2025-03-20T08:31:00Z",
    kind: "charge",
    status: "paid",
    amount: 5_000_000,
    account: "wallet",
    counter_account: null,
    balance_after: 5_000_000,
    reference: "7F1C1B9E",
    bank_reference: "SBX-REF-42",
    by_card: false,
    gateway: "sandbox",
    subject: "transaction",
    subject_id: "7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2a01",
    campaign_id: null,
    ...overrides,
  };
}

export const balances = { wallet_balance: 2_000_000, earnings_balance: 0, held_balance: 0 };

/** The charge page's API: the balances, the gateways (the sandbox unless said), and `charge` for a charge. */
export function api(gateways: { id: string; kind: string }[] = [{ id: "sandbox", kind: "test" }], charge?: () => Response) {
  return fakeApi(
    wallet(balances),
    gatewaysAnswer(gateways),
    on("POST", "/api/wallet/charge", () => charge?.()),
  );
}
