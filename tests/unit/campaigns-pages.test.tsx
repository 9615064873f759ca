import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { renderWithProviders } from "./render-with-providers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CampaignList } from "@/components/campaigns/CampaignList";
import { CampaignView } from "@/components/campaigns/CampaignView";
import { CreateCampaign } from "@/components/campaigns/CreateCampaign";
import { Dashboard } from "@/components/campaigns/Dashboard";
import type { Campaign, Quote } from "@/lib/api/campaigns";

const router = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: ReactNode }) => (
    <a href={String(href)} {...props}>
      {children}
    </a>
  ),
  useRouter: () => router,
}));

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

type Route = (url: URL, init: RequestInit | undefined) => Response | undefined;

function fakeApi(route: Route) {
  const calls: { url: URL; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      calls.push({ url, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return route(url, init) ?? jsonResponse(404, { error: { code: "not_found", message: "Not found." } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  router.push.mockReset();
});

const quote: Quote = {
  lines: [
    { metric: "likes", action: "like", unit_price: 3_000, min: 80, max: 100, amount: 300_000 },
    { metric: "views_per_post", action: "view", unit_price: 1_500, min: 160, max: 200, amount: 300_000 },
  ],
  subtotal: 600_000,
  fee: 60_000,
  total: 660_000,
  wallet_covers: 500_000,
  remaining: 160_000,
};

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: "0b7a3c7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d",
    name: "Spring launch",
    network: "youtube",
    strategy: "smart",
    link: "https://www.youtube.com/@takapoo",
    follower_count: 1200,
    hours: null,
    percentage: null,
    status: "active",
    budget: 660_000,
    spent: 100_000,
    progress: 25,
    invoice: quote,
    rejection_reason: null,
    created_at: "2025-03-20T08:30:00Z",
    ends_at: null,
    completed_at: null,
    ...overrides,
  };
}

describe("campaign list", () => {
  it("shows the tabs and the empty text, and asks for the chosen status", async () => {
    const calls = fakeApi((url) =>
      url.pathname === "/api/campaigns" ? jsonResponse(200, { data: [], meta: { page: 1, per_page: 10, total: 0 } }) : undefined,
    );
    renderWithProviders(<CampaignList />);
    const tabs = screen.getAllByRole("tab").map((tab) => tab.textContent);
    expect(tabs).toEqual(["All", "Active", "Completed", "Awaiting payment", "Awaiting review", "Rejected"]);
    expect(await screen.findByText("No items found.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create campaign" })).toHaveAttribute("href", "/dashboard/campaigns/create");

    await userEvent.click(screen.getByRole("tab", { name: "Awaiting review" }));
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get("status") === "awaiting_review")).toBe(true));
    expect(screen.getByRole("tab", { name: "Awaiting review" })).toHaveAttribute("aria-selected", "true");
  });

  it("writes the empty text in Persian", async () => {
    fakeApi((url) =>
      url.pathname === "/api/campaigns" ? jsonResponse(200, { data: [], meta: { page: 1, per_page: 10, total: 0 } }) : undefined,
    );
    renderWithProviders(<CampaignList />, "fa-IR");
    expect(await screen.findByText("موردی یافت نشد.")).toBeInTheDocument();
  });

  it("lists campaigns with a link to each and a pause button only when allowed", async () => {
    fakeApi((url) =>
      url.pathname === "/api/campaigns"
        ? jsonResponse(200, {
            data: [campaign(), campaign({ id: "1b7a3c7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d", name: "Review me", status: "awaiting_review" })],
            meta: { page: 1, per_page: 10, total: 2 },
          })
        : undefined,
    );
    renderWithProviders(<CampaignList />);
    const table = await screen.findByRole("table");
    expect(within(table).getByRole("link", { name: "Spring launch" })).toHaveAttribute(
      "href",
      "/dashboard/campaigns/view/0b7a3c7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d",
    );
    expect(within(table).getAllByRole("button", { name: /Pause/ })).toHaveLength(1);
  });
});

describe("create campaign", () => {
  const api = () =>
    fakeApi((url, init) => {
      if (url.pathname === "/api/wallet")
        return jsonResponse(200, { data: { wallet_balance: 500_000, earnings_balance: 0, held_balance: 0 } });
      if (url.pathname === "/api/payments/gateways") return jsonResponse(200, { data: [{ id: "sandbox", kind: "test" }] });
      if (url.pathname === "/api/campaigns/quote" && init?.method === "POST") return jsonResponse(200, { data: quote });
      return undefined;
    });

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
    await userEvent.type(screen.getByLabelText("Budget (Rials)"), "۶۰۰٬۰۰۰");
    const lines = await screen.findByTestId("invoice-lines", {}, { timeout: 3000 });
    expect(lines).toHaveTextContent("Likes");
    expect(lines).toHaveTextContent("80 to 100");
    expect(lines).toHaveTextContent("Views per post");
    const totals = screen.getByTestId("invoice-totals");
    expect(totals).toHaveTextContent("660,000");
    expect(totals).toHaveTextContent("500,000");
    const sent = calls.filter((call) => call.url.pathname === "/api/campaigns/quote").at(-1);
    expect(sent?.body).toMatchObject({ amount: 600_000, follower_count: 1200, gateway: "wallet", strategy: "smart" });
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
    fakeApi((url, init) => {
      if (url.pathname === "/api/payments/gateways") return jsonResponse(200, { data: [] });
      if (url.pathname === "/api/campaigns/quote") return jsonResponse(200, { data: quote });
      if (url.pathname === "/api/campaigns" && init?.method === "POST")
        return jsonResponse(403, { error: { code: "insufficient_balance", message: "Insufficient wallet balance." } });
      return undefined;
    });
    renderWithProviders(<CreateCampaign />);
    await userEvent.type(screen.getByLabelText("Campaign name"), "Spring launch");
    await userEvent.type(screen.getByLabelText("Channel or video link"), "https://www.youtube.com/@takapoo");
    await userEvent.type(screen.getByLabelText("Current followers or subscribers"), "1200");
    await userEvent.type(screen.getByLabelText("Budget (Rials)"), "600000");
    await userEvent.click(screen.getByRole("button", { name: "Confirm and pay" }));
    expect(await screen.findByText("Please accept the networks' engagement policies.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox"));
    await userEvent.click(screen.getByRole("button", { name: "Confirm and pay" }));
    expect(await screen.findByText("Insufficient wallet balance.")).toBeInTheDocument();
    expect(router.push).not.toHaveBeenCalled();
  });
});

describe("campaign view and dashboard", () => {
  it("shows a not-found card on 404", async () => {
    fakeApi(() => undefined);
    renderWithProviders(<CampaignView id="0b7a3c7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d" />);
    expect(await screen.findByText("Campaign not found")).toBeInTheDocument();
  });

  it("shows the not-found card for a made-up id, which the API refuses as malformed (422), not 'could not be loaded'", async () => {
    fakeApi(() =>
      jsonResponse(422, { error: { code: "validation_failed", message: "Invalid", fields: { id: "Invalid" }, request_id: "r" } }),
    );
    renderWithProviders(<CampaignView id="not-a-campaign" />);
    expect(await screen.findByText("Campaign not found")).toBeInTheDocument();
  });

  it("shows the title with the strategy and the pause button for an active campaign", async () => {
    fakeApi((url) => {
      if (url.pathname.endsWith("/payments")) return jsonResponse(200, { data: [], meta: { page: 1, per_page: 10, total: 0 } });
      if (url.pathname.startsWith("/api/campaigns/")) return jsonResponse(200, { data: campaign() });
      return undefined;
    });
    renderWithProviders(<CampaignView id="0b7a3c7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d" />);
    expect(await screen.findByRole("heading", { level: 1, name: "Spring launch (Smart)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Pause/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Activate/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Specifications",
      "Activities",
      "All",
      "Approved",
      "Awaiting approval",
      "Denied",
    ]);
  });

  it("renders the dashboard widgets and the active campaigns heading", async () => {
    fakeApi((url) =>
      url.pathname === "/api/dashboard"
        ? jsonResponse(200, {
            data: {
              campaigns: { completed: 3, awaiting_review: 1, active: 1 },
              queue: { open_campaigns: 7 },
              wallet: { wallet_balance: 2_000_000, earnings_balance: 0, held_balance: 0 },
              active_campaigns: { count: 1, items: [campaign()] },
            },
          })
        : undefined,
    );
    renderWithProviders(<Dashboard />);
    expect(await screen.findByRole("heading", { name: "Active campaigns (1)" })).toBeInTheDocument();
    expect(screen.getByTestId("dashboard-completed")).toHaveTextContent("3");
  });
});
