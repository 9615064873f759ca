import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ActivitiesTable, ActivityDetail } from "@/components/campaigns/CampaignActivities";
import type { CampaignActivity } from "@/lib/api/campaigns";
import { renderWithProviders } from "../render-with-providers";
import { answerWith, jsonResponse } from "../support/msw";
import { campaign, resetAfterEach } from "./campaign-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("./campaign-fixtures")).navigationMock);
resetAfterEach();

const CAMPAIGN = campaign({ network: "instagram" }).id;

/** An Instagram activity as a producer gets it: the booster masked, no reward. */
function activity(overrides: Partial<CampaignActivity>): CampaignActivity {
  return {
    id: "3f1e2d3c-0000-4000-8000-000000000001",
    campaign_id: CAMPAIGN,
    type: "post",
    action: "comment",
    metric: "comments",
    quantity: 1,
    booster: "S*** K***",
    status: "approved",
    budget: 10_000,
    cost: 10_000,
    reward: null,
    progress: 100,
    post_link: "https://www.instagram.com/p/Cabc123/",
    proof: "What a lovely shot of Tabriz!",
    denial_reason: null,
    denial_code: null,
    check_method: "review",
    decided_by: "admin",
    proof_username: "sara.k",
    has_screenshot: true,
    revision_note: null,
    revisions: 0,
    appeal_note: null,
    appealed_at: null,
    approved_at: "2026-03-21T08:00:00.000Z",
    release_at: null,
    released_at: null,
    dropped_at: null,
    created_at: "2026-03-20T08:00:00.000Z",
    updated_at: "2026-03-21T08:00:00.000Z",
    expires_at: "2026-03-20T09:00:00.000Z",
    submitted_at: "2026-03-20T08:30:00.000Z",
    reviewed_at: "2026-03-21T08:00:00.000Z",
    ...overrides,
  };
}

const reviewed = activity({});
const follow = activity({
  id: "3f1e2d3c-0000-4000-8000-000000000002",
  action: "follow",
  metric: "followers",
  proof: "my own notes for the reviewer",
  proof_username: "ali_r",
});
const waiting = activity({
  id: "3f1e2d3c-0000-4000-8000-000000000003",
  status: "awaiting_review",
  proof: "Not reviewed yet",
  proof_username: "not.yet",
  reviewed_at: null,
  approved_at: null,
});

function answer(rows: CampaignActivity[]) {
  answerWith((url) => {
    const path = new URL(url).pathname;
    if (path === `/api/campaigns/${CAMPAIGN}/activities`)
      return jsonResponse(200, { data: rows, meta: { page: 1, per_page: 10, total: rows.length } });
    const one = rows.find((row) => path === `/api/campaigns/${CAMPAIGN}/activities/${row.id}`);
    return one ? jsonResponse(200, { data: one }) : undefined;
  });
}

describe("proof the producer can check", () => {
  it("lists a reviewed activity's Instagram username, its comment and its post, and nothing for work not reviewed", async () => {
    answer([reviewed, follow, waiting]);
    renderWithProviders(<ActivitiesTable campaignId={CAMPAIGN} />);
    const table = await screen.findByTestId("activities-table");
    const proofs = within(table).getAllByTestId("activity-proof");
    expect(proofs).toHaveLength(2);
    expect(within(proofs[0]!).getByRole("link", { name: "@sara.k" })).toHaveAttribute("href", "https://www.instagram.com/sara.k/");
    expect(proofs[0]).toHaveTextContent("What a lovely shot of Tabriz!");
    expect(within(proofs[0]!).getByRole("link", { name: "Open the post" })).toHaveAttribute("href", reviewed.post_link);
    // A follow's proof text is the booster's note for the reviewer, not a comment: only the username is shown.
    expect(proofs[1]).toHaveTextContent("@ali_r");
    expect(proofs[1]).not.toHaveTextContent("my own notes");
    // Not reviewed: a dash read as "no proof", nothing the booster sent.
    expect(table).not.toHaveTextContent("not.yet");
    expect(table).not.toHaveTextContent("Not reviewed yet");
    expect(within(table).getByText("No proof to show")).toBeInTheDocument();
    // The cards for phones say the same.
    expect(within(screen.getByTestId("activity-cards")).getAllByTestId("activity-proof")).toHaveLength(2);
  });

  it("shows the proof on an activity's page with how it was checked, the booster masked and no screenshot", async () => {
    answer([reviewed]);
    renderWithProviders(<ActivityDetail id={CAMPAIGN} activityId={reviewed.id} />);
    const comment = await screen.findByTestId("activity-proof-comment");
    expect(comment).toHaveTextContent("What a lovely shot of Tabriz!");
    const terms = screen.getAllByRole("term").map((term) => term.textContent);
    expect(terms).toEqual(expect.arrayContaining(["Instagram username", "Comment text", "How it was checked"]));
    expect(screen.getByRole("link", { name: "@sara.k" })).toBeInTheDocument();
    expect(screen.getByText("Reviewed by a person")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("S*** K***");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });
});
