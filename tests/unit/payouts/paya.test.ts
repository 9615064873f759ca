import { describe, expect, it } from "vitest";
import { expectedArrival, nextPayaCycle } from "@/lib/payouts/paya";

// Tehran is UTC+03:30: 10:00 Tehran is 06:30Z. 2026-11-25 is a Wednesday.
describe("nextPayaCycle", () => {
  it.each([
    ["a Wednesday morning before the 10:15 cutoff: the 10:45 cycle", "2026-11-25T06:30:00Z", "2026-11-25T07:15:00Z"],
    ["just after the cutoff: the 13:45 cycle", "2026-11-25T06:50:00Z", "2026-11-25T10:15:00Z"],
    ["a Wednesday evening: Thursday's first cycle", "2026-11-25T15:30:00Z", "2026-11-26T00:15:00Z"],
    ["Thursday after its last cycle: none on Friday, Saturday's first", "2026-11-26T07:30:00Z", "2026-11-28T00:15:00Z"],
    ["a Friday: Saturday's first", "2026-11-27T09:00:00Z", "2026-11-28T00:15:00Z"],
    ["exactly at the cutoff: still in", "2026-11-25T06:45:00Z", "2026-11-25T07:15:00Z"],
  ])("%s", (_, sent, settles) => {
    expect(nextPayaCycle(new Date(sent)).toISOString()).toBe(new Date(settles).toISOString());
  });
});

describe("expectedArrival", () => {
  const now = new Date("2026-11-25T06:30:00Z");
  it("dates a sent payout by its sending time and an approved one by now", () => {
    expect(expectedArrival({ status: "active", submittedAt: new Date("2026-11-25T15:30:00Z") }, now)?.toISOString()).toBe(
      "2026-11-26T00:15:00.000Z",
    );
    expect(expectedArrival({ status: "approved", submittedAt: null }, now)?.toISOString()).toBe("2026-11-25T07:15:00.000Z");
  });
  it("has no date for a payout waiting for a decision or settled", () => {
    for (const status of ["pending", "confirmed", "denied", "failed", "reversed"])
      expect(expectedArrival({ status, submittedAt: now }, now)).toBeNull();
  });
});
