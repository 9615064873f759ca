import { formats } from "@/lib/format/formats";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderWithProviders } from "../render-with-providers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseRials } from "@/components/wallet/amount";
import { ChargeWalletPage } from "@/components/wallet/ChargeWalletPage";
import { PaymentResult, PaymentResultPage } from "@/components/wallet/PaymentResultPage";
import { SandboxBankPage } from "@/components/wallet/SandboxBankPage";
import { WalletPage } from "@/components/wallet/WalletPage";
import type { Transaction } from "@/lib/api/wallet";
import { rememberReturnAfterPayment, saveCampaignDraft } from "@/lib/campaigns/draft";
import enUS from "@/messages/en-US.json";
import { answerWith } from "../support/msw";

// next-intl's Link needs a mounted Next.js app router: a plain anchor is enough here.
vi.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string | { pathname: string; query?: Record<string, string> }; children: ReactNode }) => (
    <a
      href={typeof href === "string" ? href : `${href.pathname}${href.query ? `?${new URLSearchParams(href.query).toString()}` : ""}`}
      {...props}
    >
      {children}
    </a>
  ),
}));

const search = vi.hoisted(() => ({ value: "" }));
vi.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams(search.value) }));

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** A fake fetch answering by method and path; every call is recorded with its parsed URL. */
function fakeApi(route: Route) {
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

function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: "7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2a01",
    amount: 5_000_000,
    status: "paid",
    intent: "wallet_charge",
    gateway: "sandbox",
    reference: "SBX-REF-42",
    failure_reason: null,
    created_at: "2025-03-20T08:30:00Z",
    approved_at: "2025-03-20T08:31:00Z",
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = "";
});

const balances = { wallet_balance: 2_000_000, earnings_balance: 0, held_balance: 0 };

function api(gateways: { id: string; kind: string }[] = [{ id: "sandbox", kind: "test" }], charge?: () => Response) {
  return fakeApi((url, init) => {
    if (url.pathname === "/api/wallet") return jsonResponse(200, { data: balances });
    if (url.pathname === "/api/payments/gateways") return jsonResponse(200, { data: gateways });
    if (url.pathname === "/api/wallet/charge" && init?.method === "POST") return charge?.();
    return undefined;
  });
}

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
    const { calls } = api();
    renderWithProviders(<ChargeWalletPage />);
    await screen.findByRole("radio", { name: /Test gateway \(sandbox\)/ });
    await userEvent.type(screen.getByLabelText("Amount (Rials)"), "50");
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByText("Enter an amount from 100,000 to 500,000,000 Rials.")).toBeInTheDocument();
    expect(screen.getByLabelText("Amount (Rials)")).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((call) => call.url.pathname === "/api/wallet/charge")).toBe(false);
  });

  it("fills the amount from a quick pick and sends amount and gateway, then goes to the gateway", async () => {
    const { calls } = api(
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
    const { calls } = api(undefined, () => answers.shift()!());
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
  function walletApi(list: (status: string | null, page: number) => { data: Transaction[]; total: number }) {
    return fakeApi((url) => {
      if (url.pathname === "/api/wallet")
        return jsonResponse(200, { data: { wallet_balance: 1_000_000, earnings_balance: 2_500_000, held_balance: 300_000 } });
      if (url.pathname === "/api/wallet/transactions") {
        const page = Number(url.searchParams.get("page") ?? 1);
        const answer = list(url.searchParams.get("status"), page);
        return jsonResponse(200, { data: answer.data, meta: { page, per_page: 10, total: answer.total } });
      }
      return undefined;
    });
  }

  it("shows the balance in the title, wallet and earnings apart, and a summary in words", async () => {
    walletApi(() => ({ data: [transaction()], total: 1 }));
    renderWithProviders(<WalletPage />);
    expect(await screen.findByTestId("wallet-title-balance")).toHaveTextContent("1,000,000 IRR");
    expect(screen.getByRole("heading", { level: 1, name: "Wallet" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Wallet: 1,000,000 IRR | Takapoo"));
    expect(screen.getByText(/Spend it on campaigns and memberships; it cannot be withdrawn/)).toBeInTheDocument();
    expect(screen.getByText(/You can withdraw them/)).toBeInTheDocument();
    expect(screen.getByTestId("wallet-summary")).toHaveTextContent(
      "In short: 1 million IRR to spend, 2.5 million IRR to withdraw and 300 thousand IRR on hold.",
    );
    expect(screen.getAllByRole("link", { name: "Charge wallet" })[0]).toHaveAttribute("href", "/dashboard/wallet/charge_wallet");
    // A transaction row: amount, status, type, gateway, reference left-to-right.
    const table = await screen.findByRole("table");
    expect(within(table).getByText("5,000,000 IRR")).toBeInTheDocument();
    expect(within(table).getByText("Paid")).toBeInTheDocument();
    expect(within(table).getByText("Wallet charge")).toBeInTheDocument();
    expect(within(table).getByText("Test gateway")).toBeInTheDocument();
    expect(within(table).getByText("SBX-REF-42")).toHaveAttribute("dir", "ltr");
  });

  it("switches the status filter with the tabs, by click and by arrow keys", async () => {
    const { calls } = walletApi(() => ({ data: [transaction()], total: 1 }));
    renderWithProviders(<WalletPage />);
    const all = await screen.findByRole("tab", { name: "All" });
    expect(all).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tablist", { name: "Filter transactions by status" })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/wallet/transactions")).toBe(true));
    const listCalls = () => calls.filter((c) => c.url.pathname === "/api/wallet/transactions");
    expect(listCalls()[0]!.url.searchParams.get("status")).toBeNull();

    await userEvent.click(screen.getByRole("tab", { name: "Paid" }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get("status")).toBe("paid"));
    expect(screen.getByRole("tab", { name: "Paid" })).toHaveAttribute("aria-selected", "true");
    expect(all).toHaveAttribute("aria-selected", "false");

    await userEvent.keyboard("{ArrowRight}");
    const pending = screen.getByRole("tab", { name: "Pending" });
    expect(pending).toHaveFocus();
    expect(pending).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get("status")).toBe("pending"));
    await userEvent.keyboard("{End}");
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get("status")).toBe("failed"));
    expect(screen.getByRole("tabpanel")).toHaveAttribute("aria-labelledby", "transactions-tab-failed");
  });

  it("shows the empty text when there is nothing", async () => {
    walletApi(() => ({ data: [], total: 0 }));
    renderWithProviders(<WalletPage />);
    expect(await screen.findByText("No items found.")).toBeInTheDocument();
  });

  it("shows the empty text in Persian in fa-IR", async () => {
    walletApi(() => ({ data: [], total: 0 }));
    renderWithProviders(<WalletPage />, "fa-IR");
    expect(await screen.findByText("موردی یافت نشد.")).toBeInTheDocument();
    expect(screen.getByTestId("wallet-title-balance")).toHaveTextContent("۱٬۰۰۰٬۰۰۰ ریال");
  });

  it("pages through the transactions", async () => {
    const { calls } = walletApi((_status, page) => ({ data: [transaction({ id: `id-${page}`, reference: `REF-${page}` })], total: 25 }));
    renderWithProviders(<WalletPage />);
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.url.pathname === "/api/wallet/transactions")
        .at(-1)!
        .url.searchParams.get("page"),
    ).toBe("2");
  });

  it("offers a retry when the transactions cannot be loaded", async () => {
    fakeApi((url) => {
      if (url.pathname === "/api/wallet") return jsonResponse(200, { data: balances });
      return jsonResponse(500, { error: { code: "internal", message: "Boom." } });
    });
    renderWithProviders(<WalletPage />);
    expect(await screen.findByText("We could not load your transactions.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("asks a visitor who is not logged in to log in", async () => {
    fakeApi(() => jsonResponse(401, { error: { code: "unauthorized", message: "You need to log in to do this." } }));
    renderWithProviders(<WalletPage />);
    expect(await screen.findByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth/login?redirect=%2Fdashboard%2Fwallet");
  });
});

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
    const { calls } = resultApi(transaction({ status: "pending", reference: null, approved_at: null }));
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
    const { calls } = fakeApi((url, init) => {
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
    const { calls } = fakeApi((url, init) => {
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
