import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../render-with-providers";
import { ReceiptPage } from "@/components/payments/ReceiptPage";
import type { Receipt } from "@/lib/api/payments";
import { fakeApi, jsonResponse, resetAfterEach, statementLine } from "./wallet-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("./wallet-fixtures")).navigationMock);
vi.mock("next/navigation", async () => (await import("./wallet-fixtures")).nextNavigation);
resetAfterEach();

const id = "7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2a01";
const payout: Receipt = {
  line: statementLine({
    id,
    kind: "payout",
    amount: -3_000_000,
    account: "earnings",
    balance_after: 2_000_000,
    subject: "payout",
    bank_reference: "PAYA-1",
  }),
  owner: { name: "Sara Test", phone: "+989121234567" },
  campaign_name: null,
  plan_name: null,
  payout: { iban: "IR062960000000100324200001", bank_name: "saman", status: "confirmed", paid_at: "2026-11-27T09:00:00Z" },
  failure_reason: null,
};

// Issue 33: a receipt writes the amount in figures and in words, says who paid whom, and is printable.
describe("receipt", () => {
  it("a payout's receipt in Persian: the amount in words, the bank's reference, from the earnings to the IBAN", async () => {
    fakeApi((url) => (url.pathname === `/api/wallet/statement/${id}` ? jsonResponse(200, { data: payout }) : undefined));
    renderWithProviders(<ReceiptPage id={id} />, "fa-IR");
    expect(await screen.findByTestId("receipt-words")).toHaveTextContent("به حروف: سه میلیون ریال");
    expect(screen.getByTestId("receipt-amount")).toHaveTextContent("−۳٬۰۰۰٬۰۰۰ ریال");
    expect(screen.getByText("PAYA-1")).toBeInTheDocument();
    expect(screen.getByText("Sara Test، درآمد")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "چاپ رسید" })).toBeInTheDocument();
  });

  it("in English, and someone else's receipt is not found", async () => {
    fakeApi((url) =>
      url.pathname === `/api/wallet/statement/${id}`
        ? jsonResponse(404, { error: { code: "transaction_not_found", message: "Not found." } })
        : undefined,
    );
    renderWithProviders(<ReceiptPage id={id} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Receipt not found" })).toBeInTheDocument();
  });

  it("an id that is no id is not asked for", async () => {
    const calls = fakeApi(() => undefined);
    renderWithProviders(<ReceiptPage id="not-an-id" />);
    expect(await screen.findByRole("heading", { level: 1, name: "Receipt not found" })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.startsWith("/api/wallet/statement"))).toHaveLength(0);
  });

  it("a plan's receipt in English: in words, paid by card to Takapoo", async () => {
    const plan: Receipt = {
      ...payout,
      line: statementLine({
        id,
        kind: "plan",
        amount: -2_000_000,
        account: "card",
        by_card: true,
        balance_after: null,
        subject: "membership",
      }),
      payout: null,
      plan_name: { "en-US": "Bronze", "fa-IR": "برنزی" },
    };
    fakeApi((url) => (url.pathname === `/api/wallet/statement/${id}` ? jsonResponse(200, { data: plan }) : undefined));
    renderWithProviders(<ReceiptPage id={id} />);
    expect(await screen.findByTestId("receipt-words")).toHaveTextContent("In words: two million Rials");
    expect(screen.getByText("Bronze")).toBeInTheDocument();
    expect(screen.getByText("Bank card (Test gateway)")).toBeInTheDocument();
  });
});
