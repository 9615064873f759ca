import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EarnPage } from "@/components/activities/EarnPage";
import type { Activity, EarningsHistory, EarnSummary, Task } from "@/lib/api/activities";
import { byWeek } from "@/components/activities/EarningsChart";
import { renderWithProviders } from "../render-with-providers";
import { answerWith, jsonResponse, type SentInit } from "../support/msw";

/** uPlot draws on a canvas jsdom does not have: a stand-in that draws nothing. */
vi.mock("uplot", () => ({
  default: class {
    constructor(_options: unknown, _data: unknown, target: HTMLElement) {
      target.append(document.createElement("canvas"));
    }
    setSize() {}
    destroy() {}
  },
}));
vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/dashboard/earn_money"));

const CAMPAIGN = "0190f0a0-0000-7000-8000-0000000000c1";
const summary = (overrides: Partial<EarnSummary> = {}): EarnSummary => ({
  verified: true,
  success_rate: 80,
  allowance: { per_day: 20, used: 3, remaining: 17 },
  held: 12_000,
  available: 45_000,
  next_release_at: "2026-12-01T10:00:00.000Z",
  ...overrides,
});
const task: Task = {
  id: `${CAMPAIGN}.likes`,
  campaign_id: CAMPAIGN,
  network: "instagram",
  link: "https://www.instagram.com/takapoo.app/",
  metric: "likes",
  action: "like",
  type: "post",
  quantity: 1,
  reward: 1_500,
  check_method: "review",
  minutes_allowed: 60,
};
const activity = (overrides: Partial<Activity> = {}): Activity => ({
  id: "0190f0a0-0000-7000-8000-0000000000a1",
  campaign_id: CAMPAIGN,
  type: "post",
  action: "like",
  metric: "likes",
  quantity: 1,
  booster: "S*** T***",
  status: "in_progress",
  budget: 2_500,
  cost: 0,
  reward: 1_500,
  progress: 0,
  post_link: "https://www.instagram.com/takapoo.app/",
  proof: null,
  denial_reason: null,
  denial_code: null,
  check_method: "review",
  decided_by: null,
  proof_username: null,
  has_screenshot: false,
  revision_note: null,
  revisions: 0,
  appeal_note: null,
  appealed_at: null,
  approved_at: null,
  release_at: null,
  released_at: null,
  dropped_at: null,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  submitted_at: null,
  reviewed_at: null,
  ...overrides,
});
/** 14 days ending 2026-11-26: rewards on three of them, one claw-back; one release day ahead. */
const history = (withWork = false): EarningsHistory => ({
  days: Array.from({ length: 14 }, (_, i) => {
    const day = `2026-11-${String(13 + i).padStart(2, "0")}`;
    const earned = withWork && [0, 7, 13].includes(i) ? 1_800 * (i + 1) : 0;
    return { day, earned, released: withWork && i === 13 ? 1_800 : 0, clawed_back: withWork && i === 7 ? 900 : 0 };
  }),
  upcoming: withWork ? [{ day: "2026-11-27", first_at: "2026-11-27T10:30:00.000Z", count: 3, amount: 5_400 }] : [],
});
const page = <T,>(data: T[]) => jsonResponse(200, { data, meta: { page: 1, per_page: 10, total: data.length } });

/** The earn API: a summary, one task, the booster's activities; starting and submitting recorded. */
function earnApi(
  options: { summary?: EarnSummary; mine?: Activity[]; submit?: (body: unknown) => Response; history?: EarningsHistory } = {},
) {
  const sent: { path: string; init: SentInit }[] = [];
  answerWith((href, init) => {
    const url = new URL(href);
    sent.push({ path: `${init.method} ${url.pathname}${url.search}`, init });
    if (url.pathname === "/api/earn/summary") return jsonResponse(200, { data: options.summary ?? summary() });
    if (url.pathname === "/api/earn/history") return jsonResponse(200, { data: options.history ?? history() });
    if (url.pathname === "/api/tasks") return page([task]);
    if (url.pathname === "/api/activities") return page(options.mine ?? []);
    if (url.pathname === `/api/tasks/${task.id}/start`) return jsonResponse(201, { data: activity() });
    if (url.pathname.endsWith("/screenshot")) return jsonResponse(200, { data: activity({ has_screenshot: true }) });
    if (url.pathname.endsWith("/submit")) {
      const body = JSON.parse(init.body ?? "{}");
      return options.submit?.(body) ?? jsonResponse(200, { data: activity({ status: "awaiting_review", ...body }) });
    }
    return undefined;
  });
  return sent;
}

describe("earn money page", () => {
  it("shows an unverified person why they cannot earn, and no feed", async () => {
    const sent = earnApi({ summary: summary({ verified: false }) });
    renderWithProviders(<EarnPage />);
    expect(await screen.findByText("Verify your identity to start earning")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to your profile" }).getAttribute("href")).toBe("/dashboard/profile");
    expect(screen.queryByTestId("task")).toBeNull();
    expect(sent.some((call) => call.path.includes("/api/tasks"))).toBe(false);
  });

  it("shows the standing and the feed, filters by network, starts a task and sends it with the username, in Persian digits in fa-IR", async () => {
    const sent = earnApi();
    renderWithProviders(<EarnPage />, "fa-IR");
    const standing = await screen.findByTestId("earn-standing");
    expect(standing.textContent).toContain("۱۷ از ۲۰");
    expect(standing.textContent).toContain("۸۰٪");
    const card = await screen.findByTestId("task");
    expect(card.textContent).toContain("۶۰ دقیقه");
    expect(card.textContent).toContain("بررسی توسط کارشناس");

    await userEvent.selectOptions(screen.getByLabelText("شبکه"), "instagram");
    await waitFor(() => expect(sent.some((call) => call.path.startsWith("GET /api/tasks?network=instagram"))).toBe(true));

    await userEvent.click(within(await screen.findByTestId("task")).getByRole("button"));
    const panel = await screen.findByTestId("task-panel");
    expect(document.activeElement).toBe(within(panel).getByRole("heading", { level: 2 }));
    expect(within(panel).getByTestId("task-time-left").textContent).toMatch(/^[۰-۹]+:[۰-۹]{2}$/);

    // A wrong username is refused before anything is sent.
    await userEvent.type(within(panel).getByLabelText("نام کاربری حسابی که با آن کار کردید"), "not a name!");
    await userEvent.click(within(panel).getByRole("button", { name: "انجام دادم" }));
    expect(await within(panel).findByText(/نام کاربری/, { selector: "[id$=-error]" })).toBeTruthy();
    expect(sent.some((call) => call.path.endsWith("/submit"))).toBe(false);

    await userEvent.clear(within(panel).getByLabelText("نام کاربری حسابی که با آن کار کردید"));
    await userEvent.type(within(panel).getByLabelText("نام کاربری حسابی که با آن کار کردید"), "@sara.test");
    // Instagram's proof needs a screenshot: asked for before anything is sent, then sent as soon as chosen.
    await userEvent.click(within(panel).getByRole("button", { name: "انجام دادم" }));
    expect(await within(panel).findByText("تصویری از صفحه که کار انجام‌شده را نشان دهد اضافه کنید.")).toBeTruthy();
    expect(sent.some((call) => call.path.endsWith("/submit"))).toBe(false);
    const shot = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "shot.png", { type: "image/png" });
    await userEvent.upload(within(panel).getByLabelText("تصویر صفحه از کار انجام‌شده"), shot);
    expect(await within(panel).findByText("تصویر پیوست شد. برای جایگزینی می‌توانید تصویر دیگری انتخاب کنید.")).toBeTruthy();
    expect(sent.some((call) => call.path === `POST /api/activities/${activity().id}/screenshot`)).toBe(true);
    await userEvent.click(within(panel).getByRole("button", { name: "انجام دادم" }));
    expect(await screen.findByText("ارسال شد. نتیجه را در بخش فعالیت‌های خود خواهید دید.")).toBeTruthy();
    const submitted = sent.find((call) => call.path.endsWith("/submit"))!;
    expect(JSON.parse(submitted.init.body!)).toEqual({ post_link: task.link, proof_username: "@sara.test" });
    expect(screen.queryByTestId("task-panel")).toBeNull();
  });

  it("says why a denial happened, and lets the booster appeal it once; an expiry is not appealable", async () => {
    const denied = activity({
      id: "0190f0a0-0000-7000-8000-0000000000a2",
      status: "denied",
      denial_code: "wrong_post",
      denial_reason: "Another post",
    });
    const expired = activity({ id: "0190f0a0-0000-7000-8000-0000000000a3", status: "denied", denial_code: "expired", denial_reason: null });
    const sent = earnApi({ mine: [denied, expired] });
    renderWithProviders(<EarnPage />);
    const cards = await screen.findAllByTestId("my-activity");
    expect(cards[0]!.textContent).toContain("Reason: Wrong post: Another post");
    expect(within(cards[1]!).queryByRole("button", { name: "Appeal" })).toBeNull();
    await userEvent.click(within(cards[0]!).getByRole("button", { name: "Appeal" }));
    await userEvent.type(within(cards[0]!).getByLabelText("Why the decision should change"), "It was the right post");
    await userEvent.click(within(cards[0]!).getByRole("button", { name: "Send the appeal" }));
    await waitFor(() => expect(sent.some((call) => call.path === `POST /api/activities/${denied.id}/appeal`)).toBe(true));
  });

  it("a task sent back for a revision says what to fix and opens with what was sent the first time", async () => {
    const revised = activity({
      id: "0190f0a0-0000-7000-8000-0000000000a4",
      revision_note: "Show the like",
      revisions: 1,
      proof_username: "sara.test",
      proof: "Liked at noon",
    });
    earnApi({ mine: [revised] });
    renderWithProviders(<EarnPage />);
    const card = await screen.findByTestId("my-activity");
    expect(card.textContent).toContain("Show the like");
    await userEvent.click(within(card).getByRole("button", { name: "Continue" }));
    const panel = await screen.findByTestId("task-panel");
    expect(panel.textContent).toContain("Show the like");
    expect(within(panel).getByLabelText("Your username on the account you used")).toHaveValue("sara.test");
    expect(within(panel).getByLabelText("Proof (optional)")).toHaveValue("Liked at noon");
  });

  it("charts the booster's rewards per day or per 7 days with a table beside, and says what releases when, in Persian", async () => {
    earnApi({ history: history(true) });
    renderWithProviders(<EarnPage />, "fa-IR");
    const card = await screen.findByTestId("earnings-history");
    // What is held, by its release day: 3 rewards, 5,400 Rials, from 14:00 Tehran time.
    expect(within(card).getByTestId("earnings-upcoming").textContent).toBe("۳ پاداش، ۵٬۴۰۰ ریال، آزادسازی در ۶ آذر ۱۴۰۵ از ساعت ۱۴:۰۰");
    const table = within(card).getByTestId("earnings-table");
    expect(within(table).getAllByRole("row")).toHaveLength(15);
    // Newest first: the 26th earned 25,200 and released 1,800.
    expect(within(table).getAllByRole("row")[1]!.textContent).toContain("۲۵٬۲۰۰ ریال");
    expect(within(card).getByRole("img", { name: /^نمودار پاداش‌های شما از/ })).toBeTruthy();
    // Per 7 days: two runs of seven.
    await userEvent.click(within(card).getByRole("tab", { name: "هفتگی" }));
    expect(within(within(card).getByTestId("earnings-table")).getAllByRole("row")).toHaveLength(3);
  });

  it("says there is nothing yet before the first reward", async () => {
    earnApi();
    renderWithProviders(<EarnPage />);
    expect(await screen.findByTestId("earnings-empty")).toHaveTextContent("No rewards yet: what you earn shows here day by day.");
  });

  it("adds days into runs of 7 ending today, the oldest run shorter", () => {
    const weeks = byWeek(history(true).days);
    expect(weeks.map((week) => [week.day, week.earned, week.released, week.clawed_back])).toEqual([
      ["2026-11-13", 1_800, 0, 0],
      ["2026-11-20", 1_800 * 8 + 1_800 * 14, 1_800, 900],
    ]);
    expect(byWeek(history(true).days.slice(0, 9)).map((week) => week.day)).toEqual(["2026-11-13", "2026-11-15"]);
  });
});
