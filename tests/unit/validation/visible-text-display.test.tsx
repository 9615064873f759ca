import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CampaignQueue } from "@/components/campaigns/admin/CampaignQueue";
import { CampaignReview } from "@/components/campaigns/admin/CampaignReview";
import { IdentityQueue } from "@/components/profile/admin/IdentityQueue";
import { IdentityReview } from "@/components/profile/admin/IdentityReview";
import { CampaignList } from "@/components/campaigns/CampaignList";
import { CampaignView } from "@/components/campaigns/CampaignView";
import { CreateCampaign } from "@/components/campaigns/CreateCampaign";
import { campaignInReview } from "../campaigns/campaign-fixtures";
import { renderWithProviders } from "../render-with-providers";
import { campaign as campaignAnswer, campaigns, fakeApi, type ApiCall, gateways, ok, on, page, refusal, wallet } from "../support/api";
import { adminUser } from "../support/people";

/**
 * User text inside other text is isolated (<bdi>): a Persian name next to Latin words, or a name
 * ending in a neutral character, cannot reorder the row or sentence around it. And the back office's
 * reason field says, before anything is sent, why invisible or direction-controlled text is refused.
 */
vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/admin"));

const USER_ID = "0190f0a0-0000-7000-8000-000000000001";
const CAMPAIGN_ID = "0190f0a0-0000-7000-8000-0000000000c1";

const person = adminUser({ id: USER_ID, first_name: "سارا!", identity_rejection_reason: "Photo (blurred)" });

const campaign = campaignInReview({ id: CAMPAIGN_ID, name: "کمپین Spring 2026!" });

/** The back office's and the owner's API for `person` and `campaign`. */
function displayApi() {
  return fakeApi(
    on("GET", "/api/admin/identity-requests", () => page([person])),
    on("GET", `/api/admin/users/${USER_ID}`, () => ok(person)),
    campaigns([campaign], "/api/admin/campaigns"),
    campaignAnswer(campaign),
    campaigns([campaign]),
    wallet({ wallet_balance: 5_000_000, earnings_balance: 0, held_balance: 0 }),
    gateways(),
    on("*", "/api/campaigns/quote", () => refusal(422, "campaign_validation_failed", "x")),
  );
}

/** The paths written to (anything but GET). */
const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== "GET").map((call) => call.path);

/** The <bdi> elements under an element, by their text. */
const isolated = (element: Element) => [...element.querySelectorAll("bdi")].map((bdi) => bdi.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("user text inside other text is isolated", () => {
  it("in the identity queue: each part of the name", async () => {
    displayApi();
    renderWithProviders(<IdentityQueue />, "fa-IR");
    const row = await screen.findByRole("rowheader", { name: "سارا! Ahmadi" });
    expect(isolated(row)).toEqual(["سارا!", "Ahmadi"]);
  });

  it("in the identity review: the names and the previous reason", async () => {
    displayApi();
    renderWithProviders(<IdentityReview id={USER_ID} />);
    const first = await screen.findByText("سارا!");
    expect(first.tagName).toBe("BDI");
    expect(screen.getByText("Ahmadi").tagName).toBe("BDI");
    expect(screen.getByText("Photo (blurred)").tagName).toBe("BDI");
  });

  it("in the campaign queue and the campaign review: the campaign's name", async () => {
    displayApi();
    const queue = renderWithProviders(<CampaignQueue />, "fa-IR");
    const row = await screen.findByRole("rowheader", { name: campaign.name });
    expect(isolated(row)).toEqual([campaign.name]);
    queue.unmount();

    renderWithProviders(<CampaignReview id={CAMPAIGN_ID} />);
    const name = await screen.findByText(campaign.name);
    expect(name.tagName).toBe("BDI");
  });
});

describe("the producer's campaign screens isolate the campaign's name", () => {
  it("in the list and in the page title", async () => {
    displayApi();
    const list = renderWithProviders(<CampaignList />, "fa-IR");
    const [link] = await screen.findAllByRole("link", { name: campaign.name });
    expect(isolated(link!)).toEqual([campaign.name]);
    list.unmount();

    renderWithProviders(<CampaignView id={CAMPAIGN_ID} />);
    const title = await screen.findByRole("heading", { level: 1, name: `${campaign.name} (Smart)` });
    expect(isolated(title)).toEqual([campaign.name]);
  });
});

describe("the create form says what the API says", () => {
  it.each([
    ["a name one character too long", "ن".repeat(101), "Enter at most 100 characters."],
    ["a name of zero-width characters", "\u200B\u200D", "This text has only invisible characters; enter text that can be seen."],
    [
      "a name with a right-to-left override",
      "\u202Eabc",
      "Text-direction control characters (such as the right-to-left override) are not allowed; remove them.",
    ],
  ])("%s", async (_, name, sentence) => {
    const calls = displayApi();
    renderWithProviders(<CreateCampaign />);
    await userEvent.click(screen.getByLabelText("Campaign name"));
    await userEvent.paste(name);
    await userEvent.click(screen.getByRole("button", { name: "Confirm and pay" }));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("a budget below the minimum names it (it said only 'not valid')", async () => {
    displayApi();
    renderWithProviders(<CreateCampaign />);
    await userEvent.type(screen.getByLabelText("Campaign total (Rials)"), "5");
    await userEvent.click(screen.getByRole("button", { name: "Confirm and pay" }));
    expect(await screen.findByText("Enter a number of at least 100,000.")).toBeInTheDocument();
  });
});

describe("the reason field says why hidden text is refused, and sends nothing", () => {
  it.each([
    ["\u200B\u200C\u200D", "This text has only invisible characters; enter text that can be seen."],
    ["\u202Edesrever", "Text-direction control characters (such as the right-to-left override) are not allowed; remove them."],
  ])("%j", async (reason, sentence) => {
    const calls = displayApi();
    renderWithProviders(<IdentityReview id={USER_ID} />);
    await screen.findByText("سارا!");
    await userEvent.type(screen.getByLabelText("Reason for rejection (shown to the user)"), reason);
    await userEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });
});
