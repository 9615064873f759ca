import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { YoutubeChecksNotice } from "@/components/activities/YoutubeChecksNotice";
import { QuotaAdmin } from "@/components/youtube/admin/QuotaAdmin";
import type { YoutubeQuota } from "@/lib/api/youtube";
import type { QuotaDay } from "@/lib/schemas/youtube";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import { renderWithProviders } from "../render-with-providers";
import { answerWith, jsonResponse } from "../support/msw";

// YouTube's daily quota as people see it (issue 35): the booster's notice on the earn page, the back office's view.

const RESUMES = "2026-11-28T08:00:00.000Z";

function connection(state: "open" | "review" | "paused") {
  return answerWith((href, init) => {
    if (init.method === "GET" && new URL(href).pathname === "/api/youtube/connection")
      return jsonResponse(200, {
        data: { checks_today: { state, resumes_at: RESUMES }, enabled: true, like_checks: false, channel: null },
      });
  });
}

const day = (date: string, used: QuotaDay["used"], extra: Partial<QuotaDay> = {}): QuotaDay => {
  const total = Object.values(used).reduce((a: number, b: number) => a + b, 0);
  return {
    day: date,
    quota: 10_000,
    reserve: 1_000,
    used,
    total,
    refused: 0,
    left: 10_000 - total,
    spent_at: null,
    state: "open",
    ...extra,
  };
};

describe("the booster's notice", () => {
  it("says nothing while the day's checks are open", async () => {
    const asked = connection("open");
    const { container } = renderWithProviders(<YoutubeChecksNotice />);
    // Only once the answer is in does "nothing" mean "open" rather than "not loaded yet".
    await waitFor(() => expect(asked).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe("");
  });

  it("review: new YouTube tasks are checked by people until Google's next day, in Persian with Persian digits", async () => {
    connection("review");
    renderWithProviders(<YoutubeChecksNotice />, "fa-IR");
    const notice = await screen.findByTestId("youtube-checks-notice");
    expect(notice.textContent).toContain(faIR.earn.quota.review.split("{time}")[0]!);
    // 08:00 UTC is 11:30 in Tehran, written in Persian digits.
    expect(notice.textContent).toMatch(/۱۱:۳۰/);
    expect(notice.textContent).not.toMatch(/\d/);
  });

  it("paused: says new YouTube tasks wait and other tasks are open", async () => {
    connection("paused");
    renderWithProviders(<YoutubeChecksNotice />);
    const notice = await screen.findByTestId("youtube-checks-notice");
    expect(notice.textContent).toContain(enUS.earn.quota.paused.split("{time}")[0]!);
  });
});

describe("the back office's view", () => {
  it("shows today's units per kind, the reserve, refused and left, the low mode, and the days before", async () => {
    const today = day("2026-11-27", { check: 120, connect: 3, recheck: 8_800, counter: 70, search: 0 }, { refused: 100, state: "low" });
    const answer: YoutubeQuota = {
      today,
      low_mode: "pause",
      resumes_at: RESUMES,
      history: [today, day("2026-11-26", { check: 40, connect: 1, recheck: 900, counter: 70, search: 200 })],
    };
    answerWith((href, init) => {
      if (init.method === "GET" && new URL(href).pathname === "/api/admin/youtube/quota") return jsonResponse(200, { data: answer });
    });
    renderWithProviders(<QuotaAdmin />);
    const y = enUS.admin.youtube;
    expect(await screen.findByRole("heading", { level: 1, name: y.todayTitle })).toBeTruthy();
    const view = await screen.findByTestId("youtube-quota-today");
    expect(view.textContent).toContain("8,993 of 10,000 units used, 1,007 left.");
    expect(view.textContent).toContain(y.lowPause.split("{time}")[0]!);
    const kinds = within(screen.getByTestId("youtube-quota-kinds"));
    const rows = kinds
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      `${y.kinds.check}120`,
      `${y.kinds.connect}3`,
      `${y.kinds.recheck}8,800`,
      `${y.kinds.counter}70`,
      `${y.kinds.search}0`,
      `${y.reserve}1,000`,
      `${y.refused}100`,
    ]);
    const history = within(screen.getByTestId("youtube-quota-history"));
    expect(history.getAllByRole("row")).toHaveLength(3);
    expect(history.getAllByRole("row")[2]!.textContent).toContain("1,211");
  });
});
