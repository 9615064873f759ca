import { z } from "zod";
import { parseChannelLink } from "@/lib/campaigns/links";
import { networks, strategies } from "@/lib/campaigns/pricing";
import { visibleText } from "@/lib/validation/visible-text";

export const CAMPAIGN_BUDGET_MIN = 100_000;
export const CAMPAIGN_BUDGET_MAX = 5_000_000_000;
export const CAMPAIGN_NAME_MAX = 100;

const campaignFields = {
  name: z
    .string("campaign_name_required")
    .trim()
    .min(1, "campaign_name_required")
    .max(CAMPAIGN_NAME_MAX, "too_big_string")
    .superRefine(visibleText),
  network: z.enum(networks, "invalid_value"),
  strategy: z.enum(strategies, "invalid_value"),
  link: z.string("link_invalid").trim().min(1, "link_invalid").max(300, "link_invalid"),
  follower_count: z.number("required").int("invalid").min(0, "invalid").max(1_000_000_000, "invalid"),
  amount: z.number().int("invalid").min(CAMPAIGN_BUDGET_MIN).max(CAMPAIGN_BUDGET_MAX).optional(),
  hours: z.number().int("invalid").min(1).max(4000).optional(),
  percentage: z.number().int("invalid").min(1).max(100).optional(),
  gateway: z.string("gateway_required").min(1, "gateway_required").max(40, "gateway_required"),
};

type CampaignFields = z.output<z.ZodObject<typeof campaignFields>>;

function checkStrategyNeeds(value: CampaignFields, ctx: z.RefinementCtx): void {
  if (!parseChannelLink(value.network, value.link).ok) ctx.addIssue({ code: "custom", path: ["link"], message: "link_invalid" });
  if (value.strategy === "smart" && value.amount === undefined) ctx.addIssue({ code: "custom", path: ["amount"], message: "required" });
  if ((value.strategy === "monetize" || value.strategy === "watch_time") && value.hours === undefined)
    ctx.addIssue({ code: "custom", path: ["hours"], message: "required" });
  if (value.strategy === "watch_time" && value.percentage === undefined)
    ctx.addIssue({ code: "custom", path: ["percentage"], message: "required" });
  if (value.strategy === "monetize" && value.network !== "youtube")
    ctx.addIssue({ code: "custom", path: ["strategy"], message: "invalid_value" });
}

/**
 * POST campaigns/quote: what the create form has so far, priced live. Messages name keys of
 * api.validation. What each strategy needs (amount, hours, percentage) is checked here and by the quote.
 */
export const campaignQuoteInput = z.object(campaignFields).superRefine(checkStrategyNeeds);
export type CampaignQuoteInput = z.input<typeof campaignQuoteInput>;

/**
 * POST campaigns: the quote's fields plus the producer's acceptance of the networks' engagement
 * policies, which the API requires (the form's checkbox is comfort, not the rule).
 */
export const campaignInput = z
  .object({ ...campaignFields, accept_policies: z.literal(true, "engagement_policy_required") })
  .superRefine(checkStrategyNeeds);
export type CampaignInput = z.input<typeof campaignInput>;

export const campaignStatusFilter = z.enum(
  ["awaiting_payment", "awaiting_review", "active", "rejected", "completed", "paid", "paused"],
  "invalid_value",
);

/** POST campaigns/{id}/payments/{transactionId}/pay: pay a campaign awaiting payment another way (today: the wallet). */
export const payCampaignInput = z.object({ gateway: z.literal("wallet", "invalid_value") });
export type PayCampaignInput = z.input<typeof payCampaignInput>;
