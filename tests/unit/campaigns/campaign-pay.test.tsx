import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../render-with-providers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CampaignView } from "@/components/campaigns/CampaignView";
import type { Campaign } from "@/lib/api/campaigns";
import type { Transaction } from "@/lib/api/payments";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import { fakeApi, jsonResponse as json, ok, on, page, type ApiCall } from "../support/api";
import { transaction } from "../payments/wallet-fixtures";
import { campaign as campaignFixture } from "./campaign-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("./campaign-fixtures")).navigationMock);

const ID = "0b7a3c7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d";
const PENDING = "1c8b4d8f-2e3a-4b6c-9d0e-1f2a3b4c5d6e";
const p = enUS.campaigns.payments.pay;

/** A campaign of 660,000 Rials in `status`, nothing spent yet. */
function campaign(status: Campaign["status"]): Campaign {
  const invoice = { lines: [], subtotal: 600_000, fee: 60_000, total: 660_000, wallet_covers: 0, remaining: 0, expected_end: null };
  return campaignFixture({ id: ID, status, spent: 0, progress: 0, invoice });
}

/** The campaign's payment at the sandbox gateway, pending unless said. */
function payment(overrides: Partial<Transaction> = {}): Transaction {
  return transaction({
    id: PENDING,
    amount: 660_000,
    status: "pending",
    intent: "campaign_creation",
    reference: null,
    approved_at: null,
    ...overrides,
  });
}

/** The API as the campaign view sees it; `answer` is what the pay call gets. */
function payApi(state: { campaign: Campaign; payments: Transaction[] }, answer: () => Response) {
  return fakeApi(
    on("POST", `/api/campaigns/${ID}/payments/${PENDING}/pay`, answer),
    on("*", `/api/campaigns/${ID}/payments`, () => page(state.payments, 10)),
    on("*", `/api/campaigns/${ID}`, () => ok(state.campaign)),
  );
}

/** The payments sent, as the API received them. */
const paid = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === "POST").map(({ path, method, body, idempotencyKey }) => ({ path, method, body, idempotencyKey }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("paying a pending campaign payment from the wallet", () => {
  it("offers the button only for a pending or failed payment of a campaign awaiting payment", async () => {
    payApi(
      {
        campaign: campaign("awaiting_payment"),
        payments: [
          payment(),
          payment({ id: "2d9c5e90-3f4b-4c7d-8e1f-2a3b4c5d6e7f", status: "failed" }),
          payment({ id: "3e0d6fa1-4a5c-4d8e-9f20-3b4c5d6e7f80", status: "paid" }),
        ],
      },
      () => json(500, {}),
    );
    renderWithProviders(<CampaignView id={ID} />);
    const table = await screen.findByTestId("payments-table", {}, { timeout: 5000 });
    // Table rows and small-screen cards each carry one per pending/failed payment.
    // The buttons follow the campaign's own answer, which may land after the payments' table.
    await waitFor(() => expect(within(table).getAllByRole("button", { name: new RegExp(`^${p.button}`) })).toHaveLength(2));
    expect(within(screen.getByTestId("payments-cards")).getAllByRole("button", { name: new RegExp(`^${p.button}`) })).toHaveLength(2);
  });

  it("says what each payment was: the campaign's total, a top-up, a refund back to the wallet", async () => {
    payApi(
      {
        campaign: campaign("paid"),
        payments: [
          payment({ status: "paid" }),
          payment({ id: "4f1e7a02-5b6d-4e9f-8a31-4c5d6e7f8091", intent: "campaign_top_up", status: "paid" }),
          payment({ id: "5a2f8b13-6c7e-4fa0-9b42-5d6e7f8091a2", intent: "refund", status: "paid", amount: 120_000 }),
        ],
      },
      () => json(500, {}),
    );
    renderWithProviders(<CampaignView id={ID} />);
    const table = await screen.findByTestId("payments-table", {}, { timeout: 5000 });
    expect(
      within(table)
        .getAllByTestId("payment-intent")
        .map((cell) => cell.textContent),
    ).toEqual(["Campaign total", "Campaign top-up", "Refund"]);
    expect(within(table).getByRole("columnheader", { name: "Type" })).toBeInTheDocument();
  });

  it("has no button once the campaign is paid", async () => {
    payApi({ campaign: campaign("awaiting_review"), payments: [payment()] }, () => json(500, {}));
    renderWithProviders(<CampaignView id={ID} />);
    await screen.findByTestId("payments-table", {}, { timeout: 5000 });
    expect(screen.queryByRole("button", { name: new RegExp(`^${p.button}`) })).not.toBeInTheDocument();
  });

  it("asks with the amount in Persian digits, pays on confirmation and shows the campaign awaiting review without a reload", async () => {
    const state = { campaign: campaign("awaiting_payment"), payments: [payment()] };
    const calls = payApi(state, () => {
      state.campaign = campaign("awaiting_review");
      state.payments = [payment({ id: "4f1e7ab2-5b6d-4e9f-a031-4c5d6e7f8091", status: "paid", gateway: "wallet" }), payment()];
      return json(200, {
        data: { campaign: state.campaign, transaction: state.payments[0], message: faIR.api.messages.campaign_payment_completed },
      });
    });
    renderWithProviders(<CampaignView id={ID} />, "fa-IR");
    const f = faIR.campaigns.payments.pay;
    const settlement = faIR.campaigns.invoice.settlement;
    // The invoice says it is unpaid, not what the wallet covered when the campaign was created.
    expect(await screen.findByTestId("invoice-settlement")).toHaveTextContent(settlement.unpaid);
    expect(screen.queryByText(faIR.campaigns.invoice.remaining)).not.toBeInTheDocument();
    const [button] = within(await screen.findByTestId("payments-table", {}, { timeout: 5000 })).getAllByRole("button", {
      name: new RegExp(`^${f.button}`),
    });
    await userEvent.click(button!);
    const dialog = screen.getByRole("dialog", { name: f.title });
    expect(dialog).toHaveTextContent("۶۶۰٬۰۰۰ ریال");
    // Nothing is paid by opening the dialog.
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: f.confirm.replace("{amount}", "۶۶۰٬۰۰۰ ریال") }));
    expect(await screen.findByText(faIR.api.messages.campaign_payment_completed)).toBeInTheDocument();
    expect(paid(calls)).toEqual([
      {
        path: `/api/campaigns/${ID}/payments/${PENDING}/pay`,
        method: "POST",
        body: { gateway: "wallet" },
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    // The header's status and the payments follow, the button is gone.
    await waitFor(() => expect(screen.getAllByText(faIR.campaigns.status.awaiting_review).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole("button", { name: new RegExp(`^${f.button}`) })).not.toBeInTheDocument());
    await waitFor(() => expect(calls.filter((c) => c.path === `/api/campaigns/${ID}/payments`).length).toBeGreaterThan(1));
    expect(screen.getByTestId("invoice-settlement")).toHaveTextContent(settlement.paid);
  });

  it("sends one Idempotency-Key per press: the same after an unknown outcome, a new one after an answer", async () => {
    const answers = [
      () => json(503, { error: { code: "service_unavailable", message: "Try again shortly.", request_id: "r" } }),
      () => json(503, { error: { code: "service_unavailable", message: "Try again shortly.", request_id: "r" } }),
      () => json(403, { error: { code: "insufficient_funds", message: enUS.api.errors.insufficient_funds, request_id: "r" } }),
      () => json(403, { error: { code: "insufficient_funds", message: enUS.api.errors.insufficient_funds, request_id: "r" } }),
    ];
    const calls = payApi({ campaign: campaign("awaiting_payment"), payments: [payment()] }, () => answers.shift()!());
    renderWithProviders(<CampaignView id={ID} />);
    const pays = () => calls.filter((c) => c.method === "POST");
    const press = async () => {
      const [button] = within(await screen.findByTestId("payments-table", {}, { timeout: 5000 })).getAllByRole("button", {
        name: new RegExp(`^${p.button}`),
      });
      await userEvent.click(button!);
      await userEvent.click(screen.getByRole("button", { name: /^Pay 660,000/ }));
    };
    await press(); // 503, and the client's own retry: 503
    expect(await screen.findByText("Try again shortly.")).toBeInTheDocument();
    expect(pays()).toHaveLength(2);
    await press(); // the same payment again: its outcome was unknown, so the same key
    await waitFor(() => expect(pays()).toHaveLength(3));
    await screen.findByText(enUS.api.errors.insufficient_funds);
    await press(); // answered (403): a new press is a new payment attempt
    await waitFor(() => expect(pays()).toHaveLength(4));
    const keys = pays().map((c) => c.idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("cancelling pays nothing", async () => {
    const calls = payApi({ campaign: campaign("awaiting_payment"), payments: [payment()] }, () => json(500, {}));
    renderWithProviders(<CampaignView id={ID} />);
    const [button] = within(await screen.findByTestId("payments-table", {}, { timeout: 5000 })).getAllByRole("button", {
      name: new RegExp(`^${p.button}`),
    });
    await userEvent.click(button!);
    await userEvent.click(within(screen.getByRole("dialog", { name: p.title })).getByRole("button", { name: p.cancel }));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("shows a short wallet's 403 with a link to charge the wallet", async () => {
    payApi({ campaign: campaign("awaiting_payment"), payments: [payment()] }, () =>
      json(403, { error: { code: "insufficient_funds", message: enUS.api.errors.insufficient_funds, request_id: "r" } }),
    );
    renderWithProviders(<CampaignView id={ID} />);
    const [button] = within(await screen.findByTestId("payments-table", {}, { timeout: 5000 })).getAllByRole("button", {
      name: new RegExp(`^${p.button}`),
    });
    await userEvent.click(button!);
    await userEvent.click(screen.getByRole("button", { name: /^Pay 660,000/ }));
    expect(await screen.findByText(enUS.api.errors.insufficient_funds)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: p.chargeWallet })).toHaveAttribute("href", "/dashboard/wallet/charge_wallet");
  });

  it("shows SPEC's 403 already paid and 404 texts, without a charge link", async () => {
    for (const [status, code, message] of [
      [403, "transaction_already_paid", enUS.api.errors.transaction_already_paid],
      [404, "transaction_not_found", enUS.api.errors.transaction_not_found],
    ] as const) {
      payApi({ campaign: campaign("awaiting_payment"), payments: [payment()] }, () =>
        json(status, { error: { code, message, request_id: "r" } }),
      );
      const view = renderWithProviders(<CampaignView id={ID} />);
      const [button] = within(await screen.findByTestId("payments-table", {}, { timeout: 5000 })).getAllByRole("button", {
        name: new RegExp(`^${p.button}`),
      });
      await userEvent.click(button!);
      await userEvent.click(screen.getByRole("button", { name: /^Pay 660,000/ }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: p.chargeWallet })).not.toBeInTheDocument();
      view.unmount();
      vi.unstubAllGlobals();
    }
  });
});
