import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../render-with-providers";
import { describe, expect, it, vi } from "vitest";
import { CreateCampaign } from "@/components/campaigns/CreateCampaign";
import { campaignFormPath, returnPathAfterPayment, saveCampaignDraft } from "@/lib/campaigns/draft";
import enUS from "@/messages/en-US.json";
import { fakeApi, gateways, ok, on, refusal, wallet, type ApiRoute } from "../support/api";
import { quote, resetAfterEach, router } from "./campaign-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("./campaign-fixtures")).navigationMock);
resetAfterEach();

/**
 * The create form's API: the balance (read at each request), the sandbox gateway, and quotes the wallet
 * covers as far as the balance goes; `more` answers first.
 */
function createApi(balance: () => number, ...more: ApiRoute[]) {
  return fakeApi(
    ...more,
    wallet(() => ({ wallet_balance: balance(), earnings_balance: 0, held_balance: 0 })),
    gateways([{ id: "sandbox", kind: "test" }]),
    on("POST", "/api/campaigns/quote", () => {
      const covers = Math.min(balance(), quote.total);
      return ok({ ...quote, wallet_covers: covers, remaining: quote.total - covers });
    }),
  );
}

describe("create campaign", () => {
  const api = () => createApi(() => 500_000);

  it("says a link is not valid while it is typed", async () => {
    api();
    renderWithProviders(<CreateCampaign />);
    await userEvent.type(screen.getByLabelText("Channel or video link"), "https://evil.example/@takapoo");
    expect(await screen.findByText("Please enter a valid link.")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Channel or video link"));
    await userEvent.type(screen.getByLabelText("Channel or video link"), "https://www.youtube.com/@takapoo");
    expect(screen.queryByText("Please enter a valid link.")).not.toBeInTheDocument();
  });

  it("offers Monetize for YouTube only", async () => {
    api();
    renderWithProviders(<CreateCampaign />);
    expect(screen.getByRole("radio", { name: /Monetize/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "Instagram" }));
    expect(screen.queryByRole("radio", { name: /Monetize/ })).not.toBeInTheDocument();
  });

  it("renders the invoice lines from the quote once the form parses, with Persian digits accepted", async () => {
    const calls = api();
    renderWithProviders(<CreateCampaign />);
    await userEvent.type(screen.getByLabelText("Campaign name"), "Spring launch");
    await userEvent.type(screen.getByLabelText("Channel or video link"), "https://www.youtube.com/@takapoo");
    await userEvent.type(screen.getByLabelText("Current followers or subscribers"), "۱۲۰۰");
    await userEvent.type(screen.getByLabelText("Campaign total (Rials)"), "۶۶۰٬۰۰۰");
    const lines = await screen.findByTestId("invoice-lines", {}, { timeout: 3000 });
    expect(lines).toHaveTextContent("Likes");
    expect(lines).toHaveTextContent("80 to 100");
    expect(lines).toHaveTextContent("Views per post");
    const totals = screen.getByTestId("invoice-totals");
    expect(totals).toHaveTextContent("660,000");
    expect(totals).toHaveTextContent("500,000");
    const sent = calls.filter((call) => call.url.pathname === "/api/campaigns/quote").at(-1);
    expect(sent?.body).toMatchObject({ amount: 660_000, follower_count: 1200, gateway: "wallet", strategy: "smart" });
  });

  it("a pace typed in the form goes with the quote, and the invoice says the day it would be delivered by", async () => {
    const calls = createApi(
      () => 500_000,
      on("POST", "/api/campaigns/quote", (_url, { body }) =>
        ok({
          ...quote,
          wallet_covers: 0,
          remaining: quote.total,
          expected_end: (body as { per_day?: number }).per_day ? "2026-12-24" : null,
        }),
      ),
    );
    renderWithProviders(<CreateCampaign />);
    await userEvent.type(screen.getByLabelText("Campaign name"), "Spring launch");
    await userEvent.type(screen.getByLabelText("Channel or video link"), "https://www.youtube.com/@takapoo");
    await userEvent.type(screen.getByLabelText("Current followers or subscribers"), "1200");
    await userEvent.type(screen.getByLabelText("Campaign total (Rials)"), "660000");
    await screen.findByTestId("invoice-lines", {}, { timeout: 3000 });
    expect(screen.queryByTestId("invoice-expected-end")).not.toBeInTheDocument();
    const pace = within(screen.getByRole("region", { name: "Pace (optional)" }));
    await userEvent.type(pace.getByLabelText("Units a day"), "۲۰");
    await userEvent.selectOptions(pace.getByLabelText("From (Tehran time)"), "9");
    await userEvent.selectOptions(pace.getByLabelText("Until (Tehran time)"), "21");
    expect(await screen.findByTestId("invoice-expected-end", {}, { timeout: 3000 })).toHaveTextContent("December 24, 2026");
    const sent = calls.filter((call) => call.url.pathname === "/api/campaigns/quote").at(-1);
    expect(sent?.body).toMatchObject({ per_day: 20, hours_from: 9, hours_to: 21 });
    expect(sent?.body).not.toHaveProperty("per_hour");
    expect(sent?.body).not.toHaveProperty("starts_on");
  });

  it("a free Trial is started, not paid for: its button says so", async () => {
    api();
    renderWithProviders(<CreateCampaign />);
    expect(screen.getByRole("button", { name: "Confirm and pay" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: /Trial/ }));
    expect(screen.getByRole("button", { name: "Start the free trial" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm and pay" })).not.toBeInTheDocument();
  });

  it("shows the server's 403 message", async () => {
    fakeApi(
      gateways(),
      on("*", "/api/campaigns/quote", () => ok(quote)),
      on("POST", "/api/campaigns", () => refusal(403, "insufficient_balance", "Insufficient wallet balance.")),
    );
    renderWithProviders(<CreateCampaign />);
    await userEvent.type(screen.getByLabelText("Campaign name"), "Spring launch");
    await userEvent.type(screen.getByLabelText("Channel or video link"), "https://www.youtube.com/@takapoo");
    await userEvent.type(screen.getByLabelText("Current followers or subscribers"), "1200");
    await userEvent.type(screen.getByLabelText("Campaign total (Rials)"), "660000");
    await userEvent.click(screen.getByRole("button", { name: "Confirm and pay" }));
    expect(await screen.findByText("Please accept the networks' engagement policies.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox"));
    await userEvent.click(screen.getByRole("button", { name: "Confirm and pay" }));
    expect(await screen.findByText("Insufficient wallet balance.")).toBeInTheDocument();
    expect(router.push).not.toHaveBeenCalled();
  });
});

describe("create campaign: what it costs, and a short wallet", () => {
  const charged = "0c7a3c7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d";
  const api = (walletBalance = 500_000) =>
    createApi(
      () => walletBalance,
      on("POST", "/api/wallet/charge", () =>
        ok({ redirect_url: `${window.location.origin}/#gateway`, transaction: { id: charged, status: "pending" } }, 201),
      ),
    );

  async function fill() {
    await userEvent.type(screen.getByLabelText("Campaign name"), "Spring launch");
    await userEvent.type(screen.getByLabelText("Channel or video link"), "https://www.youtube.com/@takapoo");
    await userEvent.type(screen.getByLabelText("Current followers or subscribers"), "1200");
    await userEvent.type(screen.getByLabelText("Campaign total (Rials)"), "660000");
  }

  it("says before confirming what is paid in all and what of it is the fee, each figure by its one name", async () => {
    api(5_000_000);
    renderWithProviders(<CreateCampaign />);
    await fill();
    const totals = await screen.findByTestId("invoice-totals", {}, { timeout: 3000 });
    expect(within(totals).getByText("Budget for tasks").nextSibling).toHaveTextContent("600,000");
    expect(within(totals).getByText("Service fee (10%)").nextSibling).toHaveTextContent("60,000");
    expect(within(totals).getByText("Campaign total").nextSibling).toHaveTextContent("660,000");
    expect(screen.getByTestId("invoice-summary")).toHaveTextContent(
      /You pay .*660,000.*: .*600,000.* budget for tasks and .*60,000.* service fee\./,
    );
    expect(screen.getByText(/The amount you type is what you pay/)).toBeInTheDocument();
    expect(screen.queryByTestId("short-wallet")).not.toBeInTheDocument();
  });

  it("a short wallet shows both ways on, above the confirm button", async () => {
    api(500_000);
    renderWithProviders(<CreateCampaign />);
    await fill();
    const short = await screen.findByTestId("short-wallet", {}, { timeout: 3000 });
    expect(short).toHaveTextContent(/Your wallet is .*160,000.* short/);
    expect(
      within(short).getByRole("button", { name: /Charge .*160,000.* via Test gateway \(sandbox\) and come back here/ }),
    ).toBeInTheDocument();
    const whole = within(short).getByRole("button", { name: /Pay the whole .*660,000.* via Test gateway \(sandbox\) instead/ });
    await userEvent.click(whole);
    expect(screen.getByRole("radio", { name: /Test gateway \(sandbox\)/ })).toBeChecked();
    // Paying by the gateway covers it all: nothing is short any more.
    expect(screen.queryByTestId("short-wallet")).not.toBeInTheDocument();
  });

  it("'charge the difference' starts a charge for exactly what is missing and keeps the form to come back to", async () => {
    const calls = api(500_000);
    renderWithProviders(<CreateCampaign />);
    await fill();
    const short = await screen.findByTestId("short-wallet", {}, { timeout: 3000 });
    await userEvent.click(within(short).getByRole("button", { name: /Charge .*160,000/ }));
    await waitFor(() => expect(window.location.hash).toBe("#gateway"));
    const sent = calls.filter((call) => call.url.pathname === "/api/wallet/charge");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ amount: 160_000, gateway: "sandbox" });
    // The payment-result page of that charge offers the way back: the form's own path, with its draft.
    const back = returnPathAfterPayment(charged);
    expect(back).toMatch(/^\/dashboard\/campaigns\/create\?draft=[0-9a-f-]+$/);
    expect(calls.some((call) => call.url.pathname === "/api/campaigns" && call.method === "POST")).toBe(false);
  });

  it("charges the smallest charge when less than that is missing, and says the rest stays in the wallet", async () => {
    const calls = api(650_000);
    renderWithProviders(<CreateCampaign />);
    await fill();
    const short = await screen.findByTestId("short-wallet", {}, { timeout: 3000 });
    expect(short).toHaveTextContent(/Your wallet is .*10,000.* short/);
    expect(short).toHaveTextContent(/The smallest charge is .*100,000/);
    await userEvent.click(within(short).getByRole("button", { name: /Charge .*100,000/ }));
    await waitFor(() => expect(calls.some((call) => call.url.pathname === "/api/wallet/charge")).toBe(true));
    expect(calls.find((call) => call.url.pathname === "/api/wallet/charge")!.body).toEqual({ amount: 100_000, gateway: "sandbox" });
  });

  it("after the charge, the form comes back with its values", async () => {
    api(5_000_000);
    const id = saveCampaignDraft({
      network: "youtube",
      strategy: "smart",
      name: "Spring launch",
      link: "https://www.youtube.com/@takapoo",
      follower_count: "1200",
      amount: "660,000",
      hours: "",
      percentage: "",
      gateway: "wallet",
      accept_policies: true,
    })!;
    window.history.replaceState(null, "", campaignFormPath(id));
    renderWithProviders(<CreateCampaign />);
    expect(await screen.findByText("Welcome back: your campaign form is as you left it.")).toBeInTheDocument();
    expect(screen.getByLabelText("Campaign name")).toHaveValue("Spring launch");
    expect(screen.getByLabelText("Channel or video link")).toHaveValue("https://www.youtube.com/@takapoo");
    expect(screen.getByLabelText("Current followers or subscribers")).toHaveValue("1200");
    expect(screen.getByLabelText("Campaign total (Rials)")).toHaveValue("660,000");
    expect(screen.getByRole("checkbox")).toBeChecked();
    expect(await screen.findByTestId("invoice-totals", {}, { timeout: 3000 })).toHaveTextContent("660,000");
  });

  it("a 403 'not enough' after a quote that said the wallet covered it fetches a fresh quote and shows the ways on", async () => {
    let balance = 5_000_000;
    createApi(
      () => balance,
      on("POST", "/api/campaigns", () => {
        balance = 0;
        return refusal(403, "insufficient_funds", enUS.api.errors.insufficient_funds);
      }),
    );
    renderWithProviders(<CreateCampaign />);
    await fill();
    await screen.findByTestId("invoice-summary", {}, { timeout: 3000 });
    expect(screen.queryByTestId("short-wallet")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox"));
    await userEvent.click(screen.getByRole("button", { name: "Confirm and pay" }));
    expect(await screen.findByText(enUS.api.errors.insufficient_funds)).toBeInTheDocument();
    expect(await screen.findByTestId("short-wallet", {}, { timeout: 3000 })).toHaveTextContent(/Your wallet is .*660,000.* short/);
  });

  it("an unknown or forged draft id restores nothing", async () => {
    api();
    window.history.replaceState(null, "", "/dashboard/campaigns/create?draft=https%3A%2F%2Fevil.example");
    renderWithProviders(<CreateCampaign />);
    expect(screen.getByLabelText("Campaign name")).toHaveValue("");
    expect(screen.queryByText("Welcome back: your campaign form is as you left it.")).not.toBeInTheDocument();
  });
});
