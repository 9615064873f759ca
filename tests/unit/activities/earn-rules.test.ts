import { describe, expect, it } from "vitest";
import { allowanceDayStart, dailyAllowance, successRate } from "@/lib/activities/tasks";

describe("a booster's standing", () => {
  it("success rate: approved out of decided, none before a decision", () => {
    expect(successRate({ approved: 0, denied: 0, dropped: 0 })).toBeNull();
    expect(successRate({ approved: 3, denied: 1, dropped: 0 })).toBe(75);
    expect(successRate({ approved: 2, denied: 0, dropped: 1 })).toBe(67);
  });

  it("allowance: the base for newcomers, growing with the rate, shrinking with drops, never below a quarter", () => {
    expect(dailyAllowance(20, { approved: 4, denied: 0, dropped: 0 })).toBe(20);
    expect(dailyAllowance(20, { approved: 10, denied: 0, dropped: 0 })).toBe(40);
    expect(dailyAllowance(20, { approved: 5, denied: 5, dropped: 0 })).toBe(25);
    expect(dailyAllowance(20, { approved: 8, denied: 0, dropped: 2 })).toBe(32);
    expect(dailyAllowance(20, { approved: 0, denied: 10, dropped: 0 })).toBe(10);
    expect(dailyAllowance(20, { approved: 0, denied: 0, dropped: 30 })).toBe(5);
  });

  it("the allowance day starts at Tehran's midnight (UTC+03:30)", () => {
    expect(allowanceDayStart(new Date("2026-11-24T20:29:59Z")).toISOString()).toBe("2026-11-23T20:30:00.000Z");
    expect(allowanceDayStart(new Date("2026-11-24T20:30:00Z")).toISOString()).toBe("2026-11-24T20:30:00.000Z");
    expect(allowanceDayStart(new Date("2026-11-25T03:00:00Z")).toISOString()).toBe("2026-11-24T20:30:00.000Z");
  });
});
