/**
 * A campaign's life: the statuses it passes through and the events that move it. Pure and browser-safe.
 *
 * - pay: awaiting_payment → awaiting_review (the producer paid; the money is in escrow)
 * - approve: awaiting_review → active; reject: awaiting_review → rejected
 * - pause: active → paused; activate: paused → active
 * - complete: active | paused → completed
 * - settle: completed → paid (the remaining escrow is returned and the campaign's accounts are closed)
 * rejected and paid are final.
 */

import { campaignStatuses, type CampaignStatus } from "@/lib/schemas/enums";
export { campaignStatuses, type CampaignStatus };

export const campaignEvents = ["pay", "approve", "reject", "pause", "activate", "complete", "settle"] as const;
export type CampaignEvent = (typeof campaignEvents)[number];

export const INITIAL_STATUS: CampaignStatus = "awaiting_payment";

/** Every allowed transition: status → event → next status. */
export const TRANSITIONS: { readonly [S in CampaignStatus]: Readonly<Partial<Record<CampaignEvent, CampaignStatus>>> } = {
  awaiting_payment: { pay: "awaiting_review" },
  awaiting_review: { approve: "active", reject: "rejected" },
  active: { pause: "paused", complete: "completed" },
  paused: { activate: "active", complete: "completed" },
  completed: { settle: "paid" },
  rejected: {},
  paid: {},
};

export const isCampaignStatus = (value: unknown): value is CampaignStatus =>
  typeof value === "string" && (campaignStatuses as readonly string[]).includes(value);
export const isCampaignEvent = (value: unknown): value is CampaignEvent =>
  typeof value === "string" && (campaignEvents as readonly string[]).includes(value);

/** The status `event` moves a campaign in `status` to, or `{ ok: false }` when the event is not allowed there. */
export function transition(status: CampaignStatus, event: CampaignEvent): { ok: true; to: CampaignStatus } | { ok: false } {
  // Checked, so that unchecked strings (a status from the database, "__proto__") are refused too.
  if (!isCampaignStatus(status) || !isCampaignEvent(event)) return { ok: false };
  const to = TRANSITIONS[status][event];
  return to ? { ok: true, to } : { ok: false };
}

/** The events allowed in `status`, in the order of `campaignEvents`. */
export function allowedEvents(status: CampaignStatus): CampaignEvent[] {
  if (!isCampaignStatus(status)) return [];
  return campaignEvents.filter((event) => TRANSITIONS[status][event] !== undefined);
}

/** The transitions above as a mermaid diagram (docs/features/campaigns.md shows it; tests/unit/system/docs-links.test.ts keeps the two identical). */
export const STATE_DIAGRAM = `stateDiagram-v2
    [*] --> awaiting_payment
    awaiting_payment --> awaiting_review: pay
    awaiting_review --> active: approve
    awaiting_review --> rejected: reject
    active --> paused: pause
    paused --> active: activate
    active --> completed: complete
    paused --> completed: complete
    completed --> paid: settle
    rejected --> [*]
    paid --> [*]`;
