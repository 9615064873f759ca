// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedEvents,
  campaignEvents,
  campaignStatuses,
  INITIAL_STATUS,
  STATE_DIAGRAM,
  transition,
  type CampaignEvent,
  type CampaignStatus,
} from "@/lib/campaigns/state-machine";

/** The specification's table, written out independently of the module. */
const EXPECTED: [CampaignStatus, CampaignEvent, CampaignStatus][] = [
  ["awaiting_payment", "pay", "awaiting_review"],
  ["awaiting_review", "approve", "active"],
  ["awaiting_review", "reject", "rejected"],
  ["active", "pause", "paused"],
  ["paused", "activate", "active"],
  ["active", "complete", "completed"],
  ["paused", "complete", "completed"],
  ["completed", "settle", "paid"],
];
const expectedTo = (status: CampaignStatus, event: CampaignEvent) => EXPECTED.find(([s, e]) => s === status && e === event)?.[2];

describe("campaign state machine", () => {
  it("allows exactly the table's transitions and refuses every other (status, event) pair", () => {
    for (const status of campaignStatuses)
      for (const event of campaignEvents) {
        const to = expectedTo(status, event);
        expect(transition(status, event), `${status} + ${event}`).toEqual(to ? { ok: true, to } : { ok: false });
      }
  });

  it("lists the allowed events of each status", () => {
    for (const status of campaignStatuses)
      expect(allowedEvents(status)).toEqual(campaignEvents.filter((event) => expectedTo(status, event) !== undefined));
    expect(allowedEvents("rejected")).toEqual([]);
    expect(allowedEvents("paid")).toEqual([]);
    expect(allowedEvents("active")).toEqual(["pause", "complete"]);
  });

  it("refuses unknown statuses and events", () => {
    expect(transition("__proto__" as CampaignStatus, "pay")).toEqual({ ok: false });
    expect(transition("active", "constructor" as CampaignEvent)).toEqual({ ok: false });
    expect(transition("toString" as CampaignStatus, "toString" as CampaignEvent)).toEqual({ ok: false });
    expect(allowedEvents("hasOwnProperty" as CampaignStatus)).toEqual([]);
  });

  it("follows the table along any sequence of events, ending only in rejected or paid", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...campaignEvents), { maxLength: 30 }), (events) => {
        let status: CampaignStatus = INITIAL_STATUS;
        for (const event of events) {
          const result = transition(status, event);
          const to = expectedTo(status, event);
          expect(result).toEqual(to ? { ok: true, to } : { ok: false });
          expect(allowedEvents(status).includes(event)).toBe(result.ok);
          if (result.ok) status = result.to;
        }
        if (allowedEvents(status).length === 0) expect(["rejected", "paid"]).toContain(status);
      }),
    );
  });

  it("draws exactly the table in the mermaid diagram", () => {
    const lines = STATE_DIAGRAM.split("\n").map((line) => line.trim());
    expect(lines[0]).toBe("stateDiagram-v2");
    const edges = lines.slice(1).filter((line) => line !== "");
    const labelled = edges.filter((line) => !line.includes("[*]"));
    const parsed = labelled.map((line) => {
      const match = /^(\w+) --> (\w+): (\w+)$/.exec(line);
      expect(match, line).not.toBeNull();
      return [match?.[1], match?.[3], match?.[2]];
    });
    expect(parsed).toHaveLength(EXPECTED.length);
    expect(new Set(parsed.map((t) => t.join(" ")))).toEqual(new Set(EXPECTED.map((t) => t.join(" "))));
    // Besides the transitions: the initial state, and an end marker for each final state.
    const finals = campaignStatuses.filter((s) => allowedEvents(s).length === 0);
    expect(edges.filter((line) => line.includes("[*]")).sort()).toEqual(
      [`[*] --> ${INITIAL_STATUS}`, ...finals.map((s) => `${s} --> [*]`)].sort(),
    );
    expect(INITIAL_STATUS).toBe("awaiting_payment");
  });
});
