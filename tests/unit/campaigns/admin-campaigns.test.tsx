import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../render-with-providers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CampaignQueue } from "@/components/campaigns/admin/CampaignQueue";
import { CampaignReview } from "@/components/campaigns/admin/CampaignReview";
import { PricingEditor } from "@/components/campaigns/admin/PricingEditor";
import { campaignInReview } from "./campaign-fixtures";
import { campaign as campaignAnswer, campaigns, fakeApi, ok, on, pricing } from "../support/api";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/admin/campaigns"));

const ID = "0190f0a0-0000-7000-8000-0000000000c1";
const campaign = campaignInReview({ id: ID });

/** The back office's campaign API: the queue, the campaign, the price list, and saving prices answers what was sent. */
function reviewApi() {
  return fakeApi(
    campaigns([campaign], "/api/admin/campaigns"),
    campaignAnswer(campaign),
    pricing([
      { network: "youtube", action: "like", price: 3000, booster_share: 0.6 },
      { network: "instagram", action: "follow", price: 30000, booster_share: 0.6 },
    ]),
    on("PUT", "/api/admin/pricing", (_url, call) => ok((call.body as { prices: unknown[] }).prices)),
  );
}

describe("admin campaign review and pricing", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lists campaigns awaiting review with a link to each", async () => {
    const calls = reviewApi();
    renderWithProviders(<CampaignQueue />);
    const name = await screen.findByRole("rowheader", { name: "Spring launch" });
    const row = name.closest("tr")!;
    expect(row).toHaveTextContent("YouTube");
    expect(row).toHaveTextContent("Smart");
    expect(screen.getByRole("link", { name: "Review the campaign Spring launch" })).toHaveAttribute("href", `/admin/campaigns/${ID}`);
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/admin/campaigns" });
  });

  it("refuses a rejection without a reason before asking the server", async () => {
    const calls = reviewApi();
    const userEv = userEvent.setup();
    renderWithProviders(<CampaignReview id={ID} />);
    await userEv.click(await screen.findByRole("button", { name: "Reject campaign" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Write a reason of 3 to 500 characters.");
    expect(screen.getByLabelText(/Reason for rejection/)).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("sends the edited prices as Rials and shares 0..1", async () => {
    const calls = reviewApi();
    const userEv = userEvent.setup();
    renderWithProviders(<PricingEditor />);
    const price = await screen.findByLabelText("Price of Like in Rials");
    expect(screen.getByText("300 Tomans")).toBeInTheDocument();
    await userEv.clear(price);
    await userEv.type(price, "4500");
    const share = screen.getByLabelText("Booster's share of Follow in percent");
    await userEv.clear(share);
    await userEv.type(share, "75");
    await userEv.click(screen.getByRole("button", { name: "Save prices" }));
    await waitFor(() => expect(screen.getByText("The prices were saved.")).toBeInTheDocument());
    const put = calls.find((c) => c.method === "PUT");
    expect(put).toMatchObject({
      path: "/api/admin/pricing",
      body: {
        prices: [
          { network: "youtube", action: "like", price: 4500, booster_share: 0.6 },
          { network: "instagram", action: "follow", price: 30000, booster_share: 0.75 },
        ],
      },
    });
  });

  it("does not send a price that is not a whole positive number of Rials", async () => {
    const calls = reviewApi();
    const userEv = userEvent.setup();
    renderWithProviders(<PricingEditor />);
    const price = await screen.findByLabelText("Price of Like in Rials");
    await userEv.clear(price);
    await userEv.type(price, "0");
    await userEv.click(screen.getByRole("button", { name: "Save prices" }));
    expect(await screen.findByText("Enter a whole number of Rials, at least 1.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });
});
