import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../render-with-providers";
import { describe, expect, it, vi } from "vitest";
import { CampaignList } from "@/components/campaigns/CampaignList";
import { CampaignView } from "@/components/campaigns/CampaignView";
import { Dashboard } from "@/components/campaigns/Dashboard";
import { campaign, fakeApi, jsonResponse, resetAfterEach } from "./campaign-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("./campaign-fixtures")).navigationMock);
resetAfterEach();

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

  it("names the money as the create form did: campaign total, budget for tasks, service fee (not 'Budget' for the total)", async () => {
    fakeApi((url) => {
      if (url.pathname.endsWith("/payments")) return jsonResponse(200, { data: [], meta: { page: 1, per_page: 10, total: 0 } });
      if (url.pathname.startsWith("/api/campaigns/")) return jsonResponse(200, { data: campaign() });
      return undefined;
    });
    renderWithProviders(<CampaignView id="0b7a3c7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d" />);
    const specs = await screen.findByTestId("campaign-specifications");
    expect(within(specs).getByText("Campaign total").nextSibling).toHaveTextContent("660,000");
    expect(within(specs).queryByText("Budget")).not.toBeInTheDocument();
    const totals = screen.getByTestId("invoice-totals");
    expect(within(totals).getByText("Budget for tasks").nextSibling).toHaveTextContent("600,000");
    expect(within(totals).getByText("Service fee (10%)").nextSibling).toHaveTextContent("60,000");
    expect(within(totals).getByText("Campaign total").nextSibling).toHaveTextContent("660,000");
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

  it("shows on the Activities tab how the units were delivered: reviewed, dropped at release, refilled", async () => {
    const delivery = {
      delivered: 12,
      auto_checked: 0,
      watched: 0,
      reviewed: 12,
      dropped: 2,
      refilled: 1,
      awaiting_review: 3,
      days: [{ day: "2025-03-20", delivered: 14, auto_checked: 0, watched: 0, reviewed: 14, dropped: 2, refilled: 1 }],
      network: { status: "not_yet", start: null, start_at: null, days: [] },
      eta: { remaining: 288, rate_per_day: 1.71, at: "2025-09-10" },
    };
    fakeApi((url) => {
      if (url.pathname.endsWith("/delivery")) return jsonResponse(200, { data: delivery });
      if (url.pathname.endsWith("/activities") || url.pathname.endsWith("/payments"))
        return jsonResponse(200, { data: [], meta: { page: 1, per_page: 10, total: 0 } });
      if (url.pathname.startsWith("/api/campaigns/")) return jsonResponse(200, { data: campaign() });
      return undefined;
    });
    renderWithProviders(<CampaignView id="0b7a3c7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d" />);
    await userEvent.click(await screen.findByRole("tab", { name: "Activities" }));
    const figures = await screen.findByTestId("campaign-delivery");
    expect(within(figures).getByText("Delivered").nextSibling).toHaveTextContent("12");
    expect(within(figures).getByText("Dropped at release").nextSibling).toHaveTextContent("2");
    expect(within(figures).getByText("Refilled").nextSibling).toHaveTextContent("1");
    expect(within(figures).getByText("Awaiting review").nextSibling).toHaveTextContent("3");
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
