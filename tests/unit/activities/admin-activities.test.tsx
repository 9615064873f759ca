import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ActivityQueue } from "@/components/activities/admin/ActivityQueue";
import type { ReviewItem } from "@/lib/api/admin-activities";
import { renderWithProviders } from "../render-with-providers";
import { answerWith, jsonResponse } from "../support/msw";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/admin/activities"));

const item = (id: string, overrides: Partial<ReviewItem["activity"]> = {}, appealed = false): ReviewItem => ({
  activity: {
    id,
    campaign_id: "0190f0a0-0000-7000-8000-0000000000c1",
    type: "post",
    action: "follow",
    metric: "follows",
    quantity: 1,
    booster: "S*** A***",
    status: "awaiting_review",
    budget: 40_000,
    cost: 0,
    reward: 24_000,
    progress: 0,
    post_link: "https://www.instagram.com/takapoo.app/",
    proof: "Followed at 10:05",
    denial_reason: null,
    denial_code: null,
    check_method: "review",
    decided_by: null,
    proof_username: "sara.test",
    has_screenshot: true,
    revision_note: null,
    revisions: 0,
    appeal_note: appealed ? "Please look again" : null,
    appealed_at: appealed ? "2026-11-20T10:00:00.000Z" : null,
    approved_at: null,
    release_at: null,
    released_at: null,
    dropped_at: null,
    created_at: "2026-11-20T09:00:00.000Z",
    updated_at: "2026-11-20T09:10:00.000Z",
    expires_at: "2026-11-20T10:00:00.000Z",
    submitted_at: "2026-11-20T09:10:00.000Z",
    reviewed_at: null,
    ...overrides,
  },
  campaign: {
    id: "0190f0a0-0000-7000-8000-0000000000c1",
    name: "Spring launch",
    network: "instagram",
    link: "https://www.instagram.com/takapoo.app/",
  },
  booster_history: { approved: 8, denied: 2, dropped: 0, success_rate: 80 },
  appealed,
});

function queueApi(items: ReviewItem[]) {
  const posts: { path: string; body: unknown }[] = [];
  answerWith((href, init) => {
    const url = new URL(href);
    if (init.method === "GET" && url.pathname === "/api/admin/activities/queue") {
      return jsonResponse(200, { data: items, meta: { page: 1, per_page: 20, total: items.length } });
    }
    if (init.method === "POST") {
      const body = init.body ? JSON.parse(init.body) : undefined;
      posts.push({ path: url.pathname, body });
      if (url.pathname === "/api/admin/activities/approve")
        return jsonResponse(200, { data: { approved: [items[0]!.activity.id], skipped: [items[1]!.activity.id] } });
      return jsonResponse(200, { data: items[0]!.activity });
    }
    return undefined;
  });
  return posts;
}

const A = "0190f0a0-0000-7000-8000-0000000000a1";
const B = "0190f0a0-0000-7000-8000-0000000000a2";

describe("admin activity review", () => {
  it("shows each submission's proof, the booster's record and an appeal, and denies with a reason from the list", async () => {
    const posts = queueApi([item(A), item(B, { revisions: 1 }, true)]);
    renderWithProviders(<ActivityQueue />);
    const cards = await screen.findAllByTestId("activity-review");
    expect(cards[0]!.textContent).toContain("@sara.test");
    const shot = within(cards[0]!).getByRole("img", { name: "The booster's screenshot of the work" });
    expect(shot.getAttribute("src")).toMatch(new RegExp(`/admin/activities/${A}/screenshot$`));
    expect(cards[0]!.textContent).toContain("8 approved, 2 denied, 0 undone");
    expect(cards[0]!.textContent).toContain("success rate 80%");
    expect(within(cards[1]!).getByText("Appeal", { selector: "span" })).toBeTruthy();
    expect(cards[1]!.textContent).toContain("Please look again");
    expect((within(cards[1]!).getByRole("button", { name: "Ask for a revision" }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(within(cards[0]!).getByRole("button", { name: "Deny" }));
    // The reason is required: nothing is sent without it.
    await userEvent.click(within(cards[0]!).getByRole("button", { name: "Deny" }));
    expect(posts).toHaveLength(0);
    await userEvent.selectOptions(within(cards[0]!).getByLabelText("Reason"), "wrong_account");
    await userEvent.type(within(cards[0]!).getByLabelText("What the booster will read"), "Followed from another account");
    await userEvent.click(within(cards[0]!).getByRole("button", { name: "Deny" }));
    await waitFor(() =>
      expect(posts).toEqual([
        { path: `/api/admin/activities/${A}/deny`, body: { code: "wrong_account", reason: "Followed from another account" } },
      ]),
    );
  });

  it("approves the selected submissions at once and says which were skipped", async () => {
    const posts = queueApi([item(A), item(B)]);
    renderWithProviders(<ActivityQueue />);
    const cards = await screen.findAllByTestId("activity-review");
    const bulk = screen.getByRole("button", { name: "Approve selected" }) as HTMLButtonElement;
    expect(bulk.disabled).toBe(true);
    await userEvent.click(within(cards[0]!).getByRole("checkbox"));
    await userEvent.click(within(cards[1]!).getByRole("checkbox"));
    await userEvent.click(screen.getByRole("button", { name: "Approve 2 selected" }));
    expect(await screen.findByText("1 approved, 1 skipped (decided meanwhile).")).toBeTruthy();
    expect(posts).toEqual([{ path: "/api/admin/activities/approve", body: { ids: [A, B] } }]);
  });
});
