import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CampaignReview } from "@/components/campaigns/admin/CampaignReview";
import { campaignProgress } from "@/components/campaigns/CampaignProgress";
import { CampaignList } from "@/components/campaigns/CampaignList";
import { CampaignView } from "@/components/campaigns/CampaignView";
import { Dashboard } from "@/components/campaigns/Dashboard";
import type { Campaign } from "@/lib/api/campaigns";
import { DEFAULT_PRICES } from "@/lib/campaigns/pricing";
import { quoteCampaign, type Quote } from "@/lib/campaigns/quote";
import { renderWithProviders } from "../render-with-providers";
import { campaign as campaignFixture, fakeApi, jsonResponse, resetAfterEach } from "./campaign-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("./campaign-fixtures")).navigationMock);
resetAfterEach();

/**
 * Issue 32's case: a Smart YouTube campaign of 30,000,000 Rials (27,272,728 for tasks) that delivered 1,000
 * likes and 133 comments, 4,995,000 Rials of work. The API's progress is 18 (lib/campaigns/progress.ts).
 */
const quote = quoteCampaign(
  { network: "youtube", strategy: "smart", amount: 30_000_000, followerCount: 5_000 },
  DEFAULT_PRICES,
  0,
) as Quote;
const smart: Campaign = campaignFixture({
  budget: 30_000_000,
  spent: 4_995_000,
  progress: 18,
  delivered: { likes: 1_000, comments: 133 },
  posts_worked: 4,
  invoice: {
    // The fixture's line (whatever else a line carries) with the quote's figures.
    lines: quote.lines.map((line) => ({
      ...campaignFixture().invoice.lines[0]!,
      metric: line.metric,
      action: line.action,
      unit_price: line.unitPrice,
      min: line.min,
      max: line.max,
      amount: line.amount,
    })),
    subtotal: quote.subtotal,
    fee: quote.fee,
    total: quote.total,
    wallet_covers: quote.total,
    remaining: 0,
    expected_end: null,
  },
});

function answerApi() {
  fakeApi((url) => {
    if (url.pathname === "/api/campaigns") return jsonResponse(200, { data: [smart], meta: { page: 1, per_page: 10, total: 1 } });
    if (url.pathname === "/api/dashboard")
      return jsonResponse(200, {
        data: {
          campaigns: { completed: 0, awaiting_review: 0, active: 1 },
          queue: { open_campaigns: 1 },
          wallet: { wallet_balance: 0, earnings_balance: 0, held_balance: 0 },
          active_campaigns: { count: 1, items: [smart] },
        },
      });
    if (url.pathname.endsWith("/payments")) return jsonResponse(200, { data: [], meta: { page: 1, per_page: 10, total: 0 } });
    if (url.pathname === `/api/campaigns/${smart.id}`) return jsonResponse(200, { data: smart });
    return undefined;
  });
}

/** Every progress bar on the page (the list draws a table for wide screens and cards for phones), by its value. */
const percentOf = async () =>
  [...new Set((await screen.findAllByRole("progressbar", { name: "Progress" })).map((bar) => bar.getAttribute("aria-valuenow")))].join();

describe("progress, the same everywhere", () => {
  it("the browser's reading of the invoice gives the API's percentage", () => {
    expect(campaignProgress(smart).percent).toBe(smart.progress);
  });

  it("reads 18 % on the list, the dashboard, the view and the back office's campaign", async () => {
    answerApi();
    const list = renderWithProviders(<CampaignList />);
    expect(await percentOf()).toBe("18");
    list.unmount();

    answerApi();
    const dashboard = renderWithProviders(<Dashboard />);
    expect(await percentOf()).toBe("18");
    dashboard.unmount();

    answerApi();
    const view = renderWithProviders(<CampaignView id={smart.id} />);
    expect(await percentOf()).toBe("18");
    view.unmount();

    answerApi();
    renderWithProviders(<CampaignReview id={smart.id} />);
    expect(await percentOf()).toBe("18");
    expect(screen.getByTestId("progress-spent")).toHaveTextContent("4,995,000 IRR of 27,272,728 IRR");
  });

  it("on the view: units delivered of units bought per line and in all, spent of the budget for tasks, posts worked", async () => {
    answerApi();
    renderWithProviders(<CampaignView id={smart.id} />);
    const specs = await screen.findByTestId("campaign-specifications");
    const lines = within(specs).getByTestId("progress-lines");
    const bought = (metric: string) => quote.lines.find((line) => line.metric === metric)!.max.toLocaleString("en-US");
    expect(within(lines).getByText("Likes").nextSibling).toHaveTextContent(`1,000 of ${bought("likes")}`);
    expect(within(lines).getByText("Comments").nextSibling).toHaveTextContent(`133 of ${bought("comments")}`);
    expect(within(lines).getByText("Views per post").nextSibling).toHaveTextContent(`0 of ${bought("views_per_post")}`);
    const all = quote.lines.reduce((sum, line) => sum + line.max, 0);
    expect(within(lines).getByText("In all").nextSibling).toHaveTextContent(`1,133 of ${all.toLocaleString("en-US")}`);
    expect(within(specs).getByText("Spent of the budget for tasks").nextSibling).toHaveTextContent("4,995,000 IRR of 27,272,728 IRR");
    expect(within(specs).getByText("Posts and videos worked").nextSibling).toHaveTextContent("4");
  });

  it("says it in Persian with Persian digits", async () => {
    answerApi();
    renderWithProviders(<CampaignView id={smart.id} />, "fa-IR");
    const specs = await screen.findByTestId("campaign-specifications");
    expect(within(specs).getByText("هزینه‌شده از بودجهٔ کارها").nextSibling).toHaveTextContent("۴٬۹۹۵٬۰۰۰ ریال از ۲۷٬۲۷۲٬۷۲۸ ریال");
    expect(within(specs).getByText("لایک").nextSibling).toHaveTextContent(/^۱٬۰۰۰ از [۰-۹٬]+$/);
  });
});
