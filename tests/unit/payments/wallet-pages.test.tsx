import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../render-with-providers";
import { describe, expect, it, vi } from "vitest";
import { parseRials } from "@/lib/format/rials";
import { ChargeWalletPage } from "@/components/payments/ChargeWalletPage";
import { WalletPage } from "@/components/payments/WalletPage";
import type { StatementLine } from "@/lib/api/payments";
import { on, wallet } from "../support/api";
import { api, balances, fakeApi, jsonResponse, resetAfterEach, statementLine } from "./wallet-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("./wallet-fixtures")).navigationMock);
vi.mock("next/navigation", async () => (await import("./wallet-fixtures")).nextNavigation);
resetAfterEach();

describe("parseRials", () => {
  it("reads Persian, Arabic and ASCII digits with thousands separators", () => {
    expect(parseRials("۱٬۰۰۰٬۰۰۰", "fa-IR")).toBe(1_000_000);
    expect(parseRials("٢,٥٠٠,٠٠٠", "ar-AE")).toBe(2_500_000);
    expect(parseRials(" 1,000 000 ", "en-US")).toBe(1_000_000);
    expect(parseRials("1.000.000", "tr-TR")).toBe(1_000_000);
    expect(parseRials("1000.5", "en-US")).toBe(1000.5);
    expect(parseRials("", "en-US")).toBeUndefined();
    expect(parseRials("12abc", "en-US")).toBeNaN();
  });
});

describe("charge wallet", () => {
  it("accepts Persian digits with separators and shows the amount in words", async () => {
    api();
    renderWithProviders(<ChargeWalletPage />);
    const field = screen.getByLabelText("Amount (Rials)");
    expect(field).toHaveAttribute("inputmode", "numeric");
    await userEvent.type(field, "۱٬۰۰۰٬۰۰۰");
    expect(screen.getByTestId("amount-words")).toHaveTextContent("That is 1 million IRR");
    expect(screen.getByTestId("charge-summary")).toHaveTextContent("1,000,000 IRR");
  });

  it("writes the words in Persian in fa-IR", async () => {
    api();
    renderWithProviders(<ChargeWalletPage />, "fa-IR");
    await userEvent.type(screen.getByLabelText("مبلغ (ریال)"), "5000000");
    expect(screen.getByTestId("amount-words")).toHaveTextContent("یعنی ۵ میلیون ریال");
  });

  it("refuses an amount out of range with the range message, without calling the server", async () => {
    const calls = api();
    renderWithProviders(<ChargeWalletPage />);
    await screen.findByRole("radio", { name: /Test gateway \(sandbox\)/ });
    await userEvent.type(screen.getByLabelText("Amount (Rials)"), "50");
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByText("Enter an amount from 100,000 to 500,000,000 Rials.")).toBeInTheDocument();
    expect(screen.getByLabelText("Amount (Rials)")).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((call) => call.url.pathname === "/api/wallet/charge")).toBe(false);
  });

  it("fills the amount from a quick pick and sends amount and gateway, then goes to the gateway", async () => {
    const calls = api(
      [
        { id: "sandbox", kind: "test" },
        { id: "zarinpal", kind: "shetab" },
      ],
      () => jsonResponse(201, { data: { redirect_url: `${window.location.origin}/#gateway`, transaction: {} } }),
    );
    renderWithProviders(<ChargeWalletPage />);
    await userEvent.click(screen.getByRole("button", { name: "5,000,000 IRR" }));
    expect(screen.getByLabelText("Amount (Rials)")).toHaveValue("5,000,000");
    expect(screen.getByRole("button", { name: "5,000,000 IRR" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByText("Choose a payment method.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: /Shetab bank cards/ }));
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(window.location.hash).toBe("#gateway"));
    const charge = calls.find((call) => call.url.pathname === "/api/wallet/charge");
    expect(charge?.body).toEqual({ amount: 5_000_000, gateway: "zarinpal" });
  });

  it("sends one Idempotency-Key per submission: the same on retries after an unknown outcome, a new one after an answer", async () => {
    const answers = [
      () => jsonResponse(503, { error: { code: "gateway_unavailable", message: "The gateway cannot be reached." } }),
      () => jsonResponse(503, { error: { code: "gateway_unavailable", message: "The gateway cannot be reached." } }),
      () => jsonResponse(403, { error: { code: "forbidden", message: "Not now." } }),
      () => jsonResponse(200, { data: { redirect_url: `${window.location.origin}/#paid`, transaction: {} } }),
    ];
    const calls = api(undefined, () => answers.shift()!());
    renderWithProviders(<ChargeWalletPage />);
    await waitFor(() => expect(screen.getByRole("radio", { name: /Test gateway/ })).toBeChecked());
    await userEvent.type(screen.getByLabelText("Amount (Rials)"), "1000000");
    const submit = () => userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    const charges = () => calls.filter((call) => call.url.pathname === "/api/wallet/charge");

    // No answer that counts (503, and the client's own retry): pressed again, the same charge goes with the same key.
    await submit();
    await waitFor(() => expect(charges()).toHaveLength(2));
    await screen.findByText("The gateway cannot be reached.");
    await submit();
    await waitFor(() => expect(charges()).toHaveLength(3));
    await screen.findByText("Not now.");
    // The server answered (403): the next press is a new submission with a new key.
    await submit();
    await waitFor(() => expect(window.location.hash).toBe("#paid"));
    const keys = charges().map((call) => call.idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("puts the server's field message on the field and its sentence in an alert", async () => {
    api(undefined, () =>
      jsonResponse(422, {
        error: { code: "validation_failed", message: "The information you entered is incorrect.", fields: { amount: "Too much today." } },
      }),
    );
    renderWithProviders(<ChargeWalletPage />);
    await screen.findByRole("radio", { name: /Test gateway/ });
    // The only gateway is chosen for the person.
    await waitFor(() => expect(screen.getByRole("radio", { name: /Test gateway/ })).toBeChecked());
    await userEvent.type(screen.getByLabelText("Amount (Rials)"), "1000000");
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByText("Too much today.")).toBeInTheDocument();
    expect(screen.getByText("The information you entered is incorrect.")).toBeInTheDocument();
  });

  it("says so when no gateway is configured", async () => {
    api([]);
    renderWithProviders(<ChargeWalletPage />);
    expect(await screen.findByText(/No payment method is available right now/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue to payment" })).toBeDisabled();
  });

  it("advises paying with a card in one's own name", async () => {
    api();
    renderWithProviders(<ChargeWalletPage />);
    expect(screen.getByText("Pay with a card in your own name.")).toBeInTheDocument();
  });
});

describe("wallet page", () => {
  function walletApi(list: (tab: string | null, page: number) => { data: StatementLine[]; total: number }) {
    return fakeApi(
      wallet({ wallet_balance: 1_000_000, earnings_balance: 2_500_000, held_balance: 300_000 }),
      on("*", "/api/wallet/statement", (url) => {
        const page = Number(url.searchParams.get("page") ?? 1);
        const answer = list(url.searchParams.get("tab"), page);
        return jsonResponse(200, { data: answer.data, meta: { page, per_page: 10, total: answer.total } });
      }),
    );
  }

  it("shows the balance in the title, wallet and earnings apart, and a summary in words", async () => {
    walletApi(() => ({ data: [statementLine()], total: 1 }));
    renderWithProviders(<WalletPage />);
    expect(await screen.findByTestId("wallet-title-balance")).toHaveTextContent("1,000,000 IRR");
    // What can be withdrawn stands in the title beside it (issue 33), and in the tab's title.
    expect(screen.getByTestId("wallet-title-earnings")).toHaveTextContent("Earnings: 2,500,000 IRR");
    expect(screen.getByRole("heading", { level: 1, name: "Wallet" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Wallet: 1,000,000 IRR · Earnings: 2,500,000 IRR | Takapoo"));
    expect(screen.getByText(/Spend it on campaigns and memberships; it cannot be withdrawn/)).toBeInTheDocument();
    expect(screen.getByText(/You can withdraw them/)).toBeInTheDocument();
    expect(screen.getByTestId("wallet-summary")).toHaveTextContent(
      "In short: 1 million IRR to spend, 2.5 million IRR to withdraw and 300 thousand IRR on hold.",
    );
    expect(screen.getAllByRole("link", { name: "Charge wallet" })[0]).toHaveAttribute("href", "/dashboard/wallet/charge_wallet");
    // A statement line (issue 33): signed amount, status, kind and account, balance after, the receipt's link.
    const table = await screen.findByRole("table");
    expect(within(table).getByText("+5,000,000 IRR")).toHaveAttribute("dir", "ltr");
    expect(within(table).getByText("Done")).toBeInTheDocument();
    expect(within(table).getByText("Wallet charge")).toBeInTheDocument();
    expect(within(table).getByText("5,000,000 IRR")).toBeInTheDocument();
    expect(within(table).getByRole("link", { name: "Receipt 7F1C1B9E" })).toHaveAttribute(
      "href",
      "/dashboard/wallet/receipts/7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2a01",
    );
    expect(within(table).getByRole("link", { name: "See the payment" })).toHaveAttribute(
      "href",
      "/dashboard/payment-result?tx=7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2a01",
    );
  });

  it("switches the status filter with the tabs, by click and by arrow keys", async () => {
    const calls = walletApi(() => ({ data: [statementLine()], total: 1 }));
    renderWithProviders(<WalletPage />);
    const all = await screen.findByRole("tab", { name: "All" });
    expect(all).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tablist", { name: "Filter the statement by status" })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/wallet/statement")).toBe(true));
    const listCalls = () => calls.filter((c) => c.url.pathname === "/api/wallet/statement");
    expect(listCalls()[0]!.url.searchParams.get("tab")).toBe("all");

    await userEvent.click(screen.getByRole("tab", { name: "Done" }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get("tab")).toBe("paid"));
    expect(screen.getByRole("tab", { name: "Done" })).toHaveAttribute("aria-selected", "true");
    expect(all).toHaveAttribute("aria-selected", "false");

    await userEvent.keyboard("{ArrowRight}");
    const pending = screen.getByRole("tab", { name: "Pending" });
    expect(pending).toHaveFocus();
    expect(pending).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get("tab")).toBe("pending"));
    await userEvent.keyboard("{End}");
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get("tab")).toBe("failed"));
    expect(screen.getByRole("tabpanel")).toHaveAttribute("aria-labelledby", "statement-tab-failed");
  });

  it("shows the empty text when there is nothing", async () => {
    walletApi(() => ({ data: [], total: 0 }));
    renderWithProviders(<WalletPage />);
    expect(await screen.findByText("No money has moved yet.")).toBeInTheDocument();
  });

  it("shows the empty text in Persian in fa-IR", async () => {
    walletApi(() => ({ data: [], total: 0 }));
    renderWithProviders(<WalletPage />, "fa-IR");
    expect(await screen.findByText("هنوز جابه‌جایی پولی نیست.")).toBeInTheDocument();
    expect(screen.getByTestId("wallet-title-balance")).toHaveTextContent("۱٬۰۰۰٬۰۰۰ ریال");
  });

  it("pages through the statement", async () => {
    const calls = walletApi((_tab, page) => ({ data: [statementLine({ id: `7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2a0${page}` })], total: 25 }));
    renderWithProviders(<WalletPage />);
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.url.pathname === "/api/wallet/statement")
        .at(-1)!
        .url.searchParams.get("page"),
    ).toBe("2");
  });

  it("offers a retry when the statement cannot be loaded", async () => {
    fakeApi(wallet(balances), () => jsonResponse(500, { error: { code: "internal", message: "Boom." } }));
    renderWithProviders(<WalletPage />);
    expect(await screen.findByText("We could not load your statement.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("asks a visitor who is not logged in to log in", async () => {
    fakeApi(() => jsonResponse(401, { error: { code: "unauthorized", message: "You need to log in to do this." } }));
    renderWithProviders(<WalletPage />);
    expect(await screen.findByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth/login?redirect=%2Fdashboard%2Fwallet");
  });
});
