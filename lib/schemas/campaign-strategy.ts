import type { z } from "zod";
import { parseChannelLink } from "@/lib/campaigns/links";
import { metricOfAction } from "@/lib/campaigns/quote";
import type { Network, Strategy } from "./enums";

// What each strategy of a campaign request needs (lib/schemas/campaigns.ts), checked and documented here.

/**
 * What each strategy needs (checkStrategyNeeds), as /api/openapi.json states it: smart an amount,
 * monetize and watch_time hours, watch_time a percentage, monetize a YouTube channel.
 */
export const strategyNeeds = {
  allOf: [
    { if: { properties: { strategy: { const: "smart" } } }, then: { required: ["amount"] } },
    { if: { properties: { strategy: { enum: ["monetize", "watch_time"] } } }, then: { required: ["hours"] } },
    { if: { properties: { strategy: { const: "watch_time" } } }, then: { required: ["percentage"] } },
    { if: { properties: { strategy: { const: "monetize" } } }, then: { properties: { network: { const: "youtube" } } } },
    { if: { properties: { strategy: { const: "units" } } }, then: { required: ["action", "quantity"] } },
  ],
};

/** What the check reads of a campaign request (the fields of lib/schemas/campaigns.ts). */
type CampaignFields = {
  network: Network;
  strategy: Strategy;
  link: string;
  amount?: number | undefined;
  hours?: number | undefined;
  percentage?: number | undefined;
  action?: string | undefined;
  quantity?: number | undefined;
};

export function checkStrategyNeeds(value: CampaignFields, ctx: z.RefinementCtx): void {
  if (!parseChannelLink(value.network, value.link).ok) ctx.addIssue({ code: "custom", path: ["link"], message: "link_invalid" });
  if (value.strategy === "smart" && value.amount === undefined) ctx.addIssue({ code: "custom", path: ["amount"], message: "required" });
  if ((value.strategy === "monetize" || value.strategy === "watch_time") && value.hours === undefined)
    ctx.addIssue({ code: "custom", path: ["hours"], message: "required" });
  if (value.strategy === "watch_time" && value.percentage === undefined)
    ctx.addIssue({ code: "custom", path: ["percentage"], message: "required" });
  if (value.strategy === "monetize" && value.network !== "youtube")
    ctx.addIssue({ code: "custom", path: ["strategy"], message: "invalid_value" });
  if (value.strategy === "units") {
    if (value.action === undefined) ctx.addIssue({ code: "custom", path: ["action"], message: "required" });
    else if (!metricOfAction(value.network, value.action)) ctx.addIssue({ code: "custom", path: ["action"], message: "invalid_value" });
    if (value.quantity === undefined) ctx.addIssue({ code: "custom", path: ["quantity"], message: "required" });
  }
}

/** The figures each strategy asks for, as checkStrategyNeeds requires them: the create form shows and sends only these. */
export const strategyFigures: Record<Strategy, readonly ("amount" | "hours" | "percentage")[]> = {
  smart: ["amount"],
  trial: [],
  monetize: ["hours"],
  watch_time: ["hours", "percentage"],
  // Bought through the API (an engagement panel's order): the create form does not offer it.
  units: [],
};
