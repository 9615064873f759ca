import { describe, expect, it } from "vitest";
import { deliverySeries, etaOf, type RollupDay } from "@/lib/campaigns/delivery";
import { DEFAULT_PRICES } from "@/lib/campaigns/pricing";
import { progressOf } from "@/lib/campaigns/progress";
import { quoteCampaign, type Quote } from "@/lib/campaigns/quote";

describe("campaign progress", () => {
  it("a Smart campaign that spent 5,000,000 of its 27,272,728 Rials for tasks is not at 0 %", () => {
    const quote = quoteCampaign(
      { network: "youtube", strategy: "smart", amount: 30_000_000, followerCount: 5_000 },
      DEFAULT_PRICES,
      0,
    ) as Quote;
    expect(quote.subtotal).toBe(27_272_728);
    const price = (metric: string) => quote.lines.find((line) => line.metric === metric)!.unitPrice;
    // 1,000 likes and 133 comments approved: 4,995,000 Rials spent. Counted in units against every line's
    // units (the old figure: 1,133 of some 12,000) that was 9 %, and with units bought at one price and paid at
    // another, 0 %. By value it is the share of the budget for tasks delivered.
    const delivered = { likes: 1_000, comments: 133 };
    expect(1_000 * price("likes") + 133 * price("comments")).toBe(4_995_000);
    const progress = progressOf(quote.lines, delivered);
    const bought = quote.lines.reduce((sum, line) => sum + line.max * line.unitPrice, 0);
    expect(bought).toBeLessThanOrEqual(quote.subtotal);
    expect(progress.percent).toBe(Math.floor((4_995_000 * 100) / bought));
    expect(progress.percent).toBe(18);
    expect(progress.lines.find((line) => line.metric === "comments")).toMatchObject({ delivered: 133 });
    expect(progress.units.delivered).toBe(1_133);
  });

  it("counts a line at most to its target, says 100 only when every line is delivered, and counts units when all is free", () => {
    const lines = [
      { metric: "likes", action: "like", unitPrice: 3_000, max: 10 },
      { metric: "views_per_post", action: "view", unitPrice: 1_500, max: 20 },
    ];
    expect(progressOf(lines, { likes: 50 }).percent).toBe(50);
    expect(progressOf(lines, { likes: 10, views_per_post: 19 }).percent).toBe(97);
    expect(progressOf(lines, { likes: 10, views_per_post: 20 }).percent).toBe(100);
    const trial = lines.map((line) => ({ ...line, unitPrice: 0 }));
    expect(progressOf(trial, { likes: 10, views_per_post: 5 }).percent).toBe(50);
    expect(progressOf([], {}).percent).toBe(0);
    expect(progressOf(lines, { likes: -3 }).units).toEqual({ delivered: 0, bought: 30 });
  });
});

describe("delivery over time", () => {
  const row = (day: string, delivered: number, dropped = 0, refilled = 0): RollupDay => ({
    day,
    delivered,
    autoChecked: delivered,
    watched: 0,
    reviewed: 0,
    dropped,
    refilled,
  });

  it("fills every day of the window with the rollup's figures, a drop refilled on its own day included; totals over all rows", () => {
    // The rows come as the statement gives them (any order); 11-03 dropped 3 and refilled 1 of them after the drop, 11-04 the rest.
    const rows = [row("2026-11-06", 4), row("2026-11-01", 5), row("2026-11-04", 2, 0, 2), row("2026-11-03", 2, 3, 1)];
    const { days, totals } = deliverySeries(rows, "2026-11-02", "2026-11-06");
    expect(days.map((day) => day.day)).toEqual(["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]);
    expect(days.map((day) => [day.delivered, day.dropped, day.refilled])).toEqual([
      [0, 0, 0],
      [2, 3, 1],
      [2, 0, 2],
      [0, 0, 0],
      [4, 0, 0],
    ]);
    expect(totals).toMatchObject({ delivered: 13 - 3, dropped: 3, refilled: 3, auto_checked: 10 });
  });

  it("expects the end at the last 7 days' rate, and none without delivery or with nothing left", () => {
    const { days } = deliverySeries([row("2026-11-20", 14), row("2026-11-26", 7, 7)], "2026-11-20", "2026-11-26");
    expect(etaOf(days, 10, "2026-11-26")).toEqual({ remaining: 10, rate_per_day: 2, at: "2026-12-01" });
    expect(etaOf(days, 0, "2026-11-26").at).toBeNull();
    expect(etaOf(deliverySeries([], "2026-11-20", "2026-11-26").days, 10, "2026-11-26")).toEqual({
      remaining: 10,
      rate_per_day: 0,
      at: null,
    });
  });
});
