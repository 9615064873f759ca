import { formats } from "@/lib/format/formats";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import { renderWithProviders } from "../render-with-providers";
import { describe, expect, it, vi } from "vitest";
import { PaymentResult, PaymentResultPage } from "@/components/payments/PaymentResultPage";
import { SandboxBankPage } from "@/components/payments/SandboxBankPage";
import type { Transaction } from "@/lib/api/payments";
import { rememberReturnAfterPayment, saveCampaignDraft } from "@/lib/campaigns/draft";
import enUS from "@/messages/en-US.json";
import { fakeApi, jsonResponse, resetAfterEach, search, transaction } from "./wallet-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("./wallet-fixtures")).navigationMock);
vi.mock("next/navigation", async () => (await import("./wallet-fixtures")).nextNavigation);
resetAfterEach();

describe("payment result", () => {
  function resultApi(tx: Transaction | null) {
    return fakeApi((url) => {
      if (url.pathname.startsWith("/api/wallet/transactions/"))
        return tx ? jsonResponse(200, { data: tx }) : jsonResponse(404, { error: { code: "not_found", message: "Not found." } });
      return undefined;
    });
  }

  it("after a charge started from the campaign form (a short wallet), offers the way back to that form as it was", async () => {
    resultApi(transaction());
    const draft = saveCampaignDraft({ name: "Spring launch", amount: "660,000" })!;
    rememberReturnAfterPayment(transaction().id, draft);
    renderWithProviders(<PaymentResult transactionId={transaction().id} />);
    expect(await screen.findByRole("link", { name: "Back to your campaign form" })).toHaveAttribute(
      "href",
      `/dashboard/campaigns/create?draft=${draft}`,
    );
    window.sessionStorage.clear();
  });

  it("a campaign's payment is named as the create form names what was paid: the campaign total", async () => {
    resultApi(transaction({ intent: "campaign_creation", gateway: "wallet", amount: 660_000 }));
    renderWithProviders(<PaymentResult transactionId={transaction().id} />);
    expect((await screen.findByText("Type")).nextSibling).toHaveTextContent(/^Campaign total$/);
    expect(enUS.wallet.intents.campaign_creation).toBe(enUS.campaigns.invoice.total);
    expect(enUS.wallet.intents.campaign_fee).toBe(enUS.campaigns.invoice.fee.replace(" ({rate})", ""));
  });

  it("offers no way back to a campaign form for another charge, or once its draft is gone", async () => {
    resultApi(transaction());
    const draft = saveCampaignDraft({ name: "Spring launch" })!;
    rememberReturnAfterPayment("another-transaction", draft);
    const { unmount } = renderWithProviders(<PaymentResult transactionId={transaction().id} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment successful" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Back to your campaign form" })).not.toBeInTheDocument();
    unmount();
    rememberReturnAfterPayment(transaction().id, "0000aaaa-no-such-draft");
    renderWithProviders(<PaymentResult transactionId={transaction().id} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment successful" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Back to your campaign form" })).not.toBeInTheDocument();
    window.sessionStorage.clear();
  });

  it("shows a successful payment with its amount, reference and date", async () => {
    resultApi(transaction());
    renderWithProviders(<PaymentResult transactionId={transaction().id} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment successful" })).toBeInTheDocument();
    expect(screen.getByText("5,000,000 IRR was added to your wallet.")).toBeInTheDocument();
    expect(screen.getByTestId("payment-reference")).toHaveTextContent("SBX-REF-42");
    expect(screen.getByTestId("payment-reference")).toHaveAttribute("dir", "ltr");
    expect(screen.getByText(/Mar 20, 2025/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.getByRole("link", { name: "Go to the wallet" })).toHaveAttribute("href", "/dashboard/wallet");
  });

  it("refreshes the balances on arrival", async () => {
    resultApi(transaction());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidate = vi.spyOn(client, "invalidateQueries");
    render(
      <NextIntlClientProvider locale="en-US" messages={enUS} timeZone="Asia/Tehran" formats={formats}>
        <QueryClientProvider client={client}>
          <PaymentResult transactionId={transaction().id} />
        </QueryClientProvider>
      </NextIntlClientProvider>,
    );
    await screen.findByText("Payment successful");
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["wallet"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["me"] });
  });

  it("shows a failed payment with its reason and a way to try again", async () => {
    resultApi(transaction({ status: "failed", reference: null, approved_at: null, failure_reason: "cancelled" }));
    renderWithProviders(<PaymentResult transactionId={transaction().id} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment failed" })).toBeInTheDocument();
    expect(screen.getByText("The payment was cancelled.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Charge again" })).toHaveAttribute("href", "/dashboard/wallet/charge_wallet");
  });

  it("says a pending payment is still being confirmed and checks again on request", async () => {
    const calls = resultApi(transaction({ status: "pending", reference: null, approved_at: null }));
    renderWithProviders(<PaymentResult transactionId={transaction().id} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment still being confirmed" })).toBeInTheDocument();
    const before = calls.length;
    await userEvent.click(screen.getByRole("button", { name: "Check again" }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it("reads ?tx= and explains an unknown or missing transaction", async () => {
    resultApi(null);
    search.value = `tx=${transaction().id}`;
    const { unmount } = renderWithProviders(<PaymentResultPage />);
    expect(await screen.findByText("Payment not found")).toBeInTheDocument();
    unmount();
    search.value = "";
    renderWithProviders(<PaymentResultPage />);
    expect(screen.getByText("Payment not found")).toBeInTheDocument();
  });

  it("speaks Persian in fa-IR", async () => {
    resultApi(transaction());
    renderWithProviders(<PaymentResult transactionId={transaction().id} />, "fa-IR");
    expect(await screen.findByRole("heading", { level: 1, name: "پرداخت موفق بود" })).toBeInTheDocument();
    expect(screen.getByText("۵٬۰۰۰٬۰۰۰ ریال به کیف پول شما اضافه شد.")).toBeInTheDocument();
  });
});

describe("sandbox bank page", () => {
  it("is labelled as a test, shows the amount and sends the decision", async () => {
    const calls = fakeApi((url, init) => {
      if (url.pathname === "/api/payments/sandbox/AUTH-1")
        return jsonResponse(200, { data: { authority: "AUTH-1", amount: 1_000_000, status: "pending" } });
      if (url.pathname === "/api/payments/sandbox/AUTH-1/decision" && init?.method === "POST")
        return jsonResponse(200, { data: { redirect_url: `${window.location.origin}/#callback` } });
      return undefined;
    });
    renderWithProviders(<SandboxBankPage authority="AUTH-1" />);
    expect(screen.getByText("Test gateway — no real money moves")).toBeInTheDocument();
    expect(await screen.findByTestId("sandbox-amount")).toHaveTextContent("1,000,000 IRR");
    expect(screen.getByLabelText("Card number")).toBeInTheDocument();
    expect(screen.getByLabelText("Expiry date (MM/YY)")).toBeInTheDocument();
    expect(screen.getByLabelText("CVV2")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Card number"), "6037990000000000");
    await userEvent.click(screen.getByRole("button", { name: "Pay" }));
    await waitFor(() => expect(window.location.hash).toBe("#callback"));
    const decision = calls.find((c) => c.url.pathname.endsWith("/decision"));
    expect(decision?.body).toEqual({ decision: "pay" });
    // The card details go nowhere.
    expect(JSON.stringify(calls.map((c) => c.body))).not.toContain("6037");
  });

  it("cancels", async () => {
    const calls = fakeApi((url, init) => {
      if (url.pathname === "/api/payments/sandbox/AUTH-2")
        return jsonResponse(200, { data: { authority: "AUTH-2", amount: 500_000, status: "pending" } });
      if (init?.method === "POST") return jsonResponse(200, { data: { redirect_url: `${window.location.origin}/#cancelled` } });
      return undefined;
    });
    renderWithProviders(<SandboxBankPage authority="AUTH-2" />);
    await userEvent.click(await screen.findByRole("button", { name: "Cancel payment" }));
    await waitFor(() => expect(window.location.hash).toBe("#cancelled"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ decision: "cancel" });
  });

  it("explains an unknown authority", async () => {
    fakeApi(() => undefined);
    renderWithProviders(<SandboxBankPage authority="nope" />);
    expect(await screen.findByText(/This payment was not found/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay" })).toBeNull();
  });
});
