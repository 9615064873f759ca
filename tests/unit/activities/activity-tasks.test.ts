import { progressOf } from "@/lib/campaigns/progress";
import { describe, expect, it } from "vitest";
import {
  activityTypeOf,
  maskBooster,
  parseTaskId,
  remainingByMetric,
  splitBudget,
  targetsMet,
  taskId,
  taskQuantity,
} from "@/lib/activities/tasks";

const lines = [
  { metric: "likes", action: "like", unitPrice: 3_000, max: 10 },
  { metric: "watch_minutes", action: "watch_minute", unitPrice: 2_000, max: 25 },
  { metric: "comments", action: "comment", unitPrice: 15_000, max: 0 },
];

describe("activity tasks", () => {
  it("types follow the network and the action", () => {
    expect(activityTypeOf("youtube", "like")).toBe("video");
    expect(activityTypeOf("instagram", "story_view")).toBe("story");
    expect(activityTypeOf("instagram", "share_to_story")).toBe("story");
    expect(activityTypeOf("instagram", "like")).toBe("post");
  });

  it("a task is one action, or up to ten minutes of watch time", () => {
    expect(taskQuantity("likes", 4)).toBe(1);
    expect(taskQuantity("watch_minutes", 25)).toBe(10);
    expect(taskQuantity("watch_minutes", 5)).toBe(5);
    expect(taskQuantity("likes", 0)).toBe(0);
    expect(taskQuantity("likes", Number.NaN)).toBe(0);
  });

  it("splits a budget into a reward rounded down and the margin, the share clamped", () => {
    expect(splitBudget(3_000, 0.6)).toEqual({ reward: 1_800, margin: 1_200 });
    expect(splitBudget(1_001, 0.5)).toEqual({ reward: 500, margin: 501 });
    expect(splitBudget(1_000, 2)).toEqual({ reward: 1_000, margin: 0 });
    expect(splitBudget(1_000, -1)).toEqual({ reward: 0, margin: 1_000 });
    expect(splitBudget(1_000, Number.NaN)).toEqual({ reward: 0, margin: 1_000 });
  });

  it("counts what is left, what is met and how far the campaign has come", () => {
    expect(remainingByMetric(lines, { likes: 3, watch_minutes: 30 })).toEqual({ likes: 7, watch_minutes: 0, comments: 0 });
    expect(targetsMet(lines, { likes: 10, watch_minutes: 24 })).toBe(false);
    expect(targetsMet(lines, { likes: 10, watch_minutes: 25 })).toBe(true);
    expect(targetsMet([{ metric: "likes", action: "like", unitPrice: 1, max: 0 }], {})).toBe(false);
    expect(progressOf(lines, {}).percent).toBe(0);
    // By value: 10 likes (30,000) and 10 minutes (20,000) of 30,000 + 50,000 Rials bought.
    expect(progressOf(lines, { likes: 10, watch_minutes: 10 }).percent).toBe(62);
    expect(progressOf(lines, { likes: 99, watch_minutes: 25 }).percent).toBe(100);
    expect(progressOf([], { likes: 1 }).percent).toBe(0);
  });

  it("masks boosters to initials and never shows a whole name", () => {
    expect(maskBooster("Reza", "Karimi")).toBe("R*** K***");
    expect(maskBooster("سارا", "")).toBe("س***");
    expect(maskBooster("  ", "")).toBe("***");
  });

  it("round-trips task ids and refuses anything else", () => {
    const id = taskId("0193b0a2-7c1e-7d2a-9b3c-4d5e6f708192", "watch_minutes");
    expect(parseTaskId(id)).toEqual({ campaignId: "0193b0a2-7c1e-7d2a-9b3c-4d5e6f708192", metric: "watch_minutes" });
    for (const bad of [
      "",
      "x.likes",
      "0193b0a2-7c1e-7d2a-9b3c-4d5e6f708192",
      "0193b0a2-7c1e-7d2a-9b3c-4d5e6f708192.likes;drop",
      "../likes",
    ])
      expect(parseTaskId(bad)).toBeNull();
  });
});
