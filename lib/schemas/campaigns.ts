import { z } from "zod";
import { UNITS_MAX } from "@/lib/campaigns/quote";
import { checkStrategyNeeds, strategyNeeds } from "./campaign-strategy";

export { strategyFigures } from "./campaign-strategy";
import { visibleText } from "@/lib/validation/visible-text";
import { endpoint, idParam, paging, text, uuidParam } from "./common";
import { campaignNetworks, campaignStatuses, campaignStrategies, gatewayIds } from "./enums";
import { CHANNEL_LINK_PATTERN } from "./patterns";
import { reviewReasonInput } from "./profile";
import { priceOutput, pricingUpdateInput } from "./pricing";

export { PRICE_MAX, priceOutput, pricingUpdateInput, type Price, type PricingUpdate } from "./pricing";
import { transactionOutput, transactionStatusFilter } from "./wallet";
import {
  campaignAmount,
  campaignEndInput,
  campaignMonthlyInput,
  campaignMonthlyOutput,
  campaignPaceInput,
  campaignPaceOutput,
  campaignTopUpInput,
  checkPace,
  paceFields,
} from "./campaign-changes";

export {
  CAMPAIGN_BUDGET_MAX,
  CAMPAIGN_BUDGET_MIN,
  CAMPAIGN_END_MAX_DAYS,
  campaignEndInput,
  campaignMonthlyInput,
  campaignPaceInput,
  campaignTopUpInput,
  type CampaignMonthlyInput,
  type CampaignPaceInput,
} from "./campaign-changes";
export const CAMPAIGN_NAME_MAX = 100;

const campaignFields = {
  name: text("campaign_name_required")
    .trim()
    .min(1, "campaign_name_required")
    .max(CAMPAIGN_NAME_MAX, "too_big_string")
    .superRefine(visibleText),
  network: z.enum(campaignNetworks, "invalid_value"),
  strategy: z.enum(campaignStrategies, "invalid_value"),
  link: text("link_invalid")
    .trim()
    .min(1, "link_invalid")
    .max(300, "link_invalid")
    .meta({ pattern: CHANNEL_LINK_PATTERN, description: "A link of the campaign's network", example: "https://www.youtube.com/@takapoo" }),
  follower_count: z.number("required").int("invalid").min(0, "invalid").max(1_000_000_000, "invalid"),
  amount: campaignAmount.optional(),
  hours: z.number().int("invalid").min(1).max(4000).optional(),
  percentage: z.number().int("invalid").min(1).max(100).optional(),
  action: text("invalid_value")
    .max(40, "invalid_value")
    .meta({ description: "units: the one action bought (like, comment, view, subscribe, follow …; GET pricing lists each network's)" })
    .optional(),
  quantity: z
    .number("invalid")
    .int("invalid")
    .min(1, "invalid")
    .max(UNITS_MAX, "invalid")
    .meta({ description: "units: how many of the action" })
    .optional(),
  gateway: text("gateway_required")
    .min(1, "gateway_required")
    .max(40, "gateway_required")
    .meta({ enum: ["wallet", ...gatewayIds], description: "wallet: paid from the wallet now; a gateway: paid there" }),
};

/**
 * POST campaigns/quote: what the create form has so far, priced live. Messages name keys of
 * api.validation. What each strategy needs (amount, hours, percentage) is checked here and by the quote.
 */
export const campaignQuoteInput = z
  .object({ ...campaignFields, ...paceFields })
  .superRefine((value, ctx) => {
    checkStrategyNeeds(value, ctx);
    checkPace(value, ctx);
  })
  .meta(strategyNeeds);
export type CampaignQuoteInput = z.input<typeof campaignQuoteInput>;

/**
 * POST campaigns: the quote's fields plus the producer's acceptance of the networks' engagement
 * policies, which the API requires (the form's checkbox is comfort, not the rule).
 */
export const campaignInput = z
  .object({ ...campaignFields, ...paceFields, accept_policies: z.literal(true, "engagement_policy_required") })
  .superRefine((value, ctx) => {
    checkStrategyNeeds(value, ctx);
    checkPace(value, ctx);
  })
  .meta(strategyNeeds);
export type CampaignInput = z.input<typeof campaignInput>;

export const campaignStatusFilter = z.enum(campaignStatuses, "invalid_value");
export const campaignListQuery = z.object({ status: campaignStatusFilter.optional(), ...paging });
export const campaignPaymentsQuery = z.object({ status: transactionStatusFilter.optional(), ...paging });
export const reviewQueueQuery = z.object(paging);
export const campaignActivityParams = idParam.extend({ activityId: uuidParam() });
export const campaignPaymentParams = idParam.extend({ transactionId: uuidParam() });
/** POST admin/campaigns/{id}/reject: the reviewer's reason. */
export const rejectCampaignInput = reviewReasonInput();

/** POST campaigns/{id}/payments/{transactionId}/pay: pay a campaign awaiting payment another way (today: the wallet). */
export const payCampaignInput = z.object({ gateway: z.literal("wallet", "invalid_value") });
export type PayCampaignInput = z.input<typeof payCampaignInput>;

/* ---- Answers ---- */

export const quoteLine = z.object({
  metric: z.string(),
  action: z.string(),
  unit_price: z.number(),
  min: z.number(),
  max: z.number(),
  amount: z.number(),
  refill_days: z.number().int().meta({
    description:
      "The guarantee: for so many days after the campaign ends, work of this line found undone is delivered again at no cost (0: none)",
  }),
});
export type QuoteLine = z.infer<typeof quoteLine>;

/** The invoice: OpenAPI component CampaignQuote. */
export const quoteOutput = z.object({
  lines: z.array(quoteLine),
  subtotal: z.number(),
  fee: z.number(),
  total: z.number(),
  wallet_covers: z.number(),
  remaining: z.number(),
  expected_end: z
    .string()
    .nullable()
    .meta({ description: "The Tehran day (YYYY-MM-DD) the units bought would be delivered by at the pace asked for; null unpaced" }),
});
export type Quote = z.infer<typeof quoteOutput>;

/** OpenAPI component Campaign. */
export const campaignOutput = z.object({
  id: z.string().uuid(),
  name: z.string(),
  network: z.enum(campaignNetworks),
  strategy: z.enum(campaignStrategies),
  link: z.string(),
  follower_count: z.number(),
  hours: z.number().nullable(),
  percentage: z.number().nullable(),
  status: z.enum(campaignStatuses),
  budget: z.number().meta({ description: "Rials paid into escrow" }),
  spent: z.number(),
  progress: z.number().meta({ description: "0–100: the value delivered of the value bought (lib/campaigns/progress.ts)" }),
  delivered: z.record(z.string(), z.number().int()).meta({ description: "Units delivered per invoice metric, net of drops" }),
  posts_worked: z.number().int().meta({ description: "Distinct posts or videos that received delivered work" }),
  invoice: quoteOutput,
  pace: campaignPaceOutput,
  guarantee_ends_at: z
    .string()
    .nullable()
    .meta({ description: "The end of the longest refill guarantee of its lines, counted from its end (ends_at); null without one" }),
  expected_end: z
    .string()
    .nullable()
    .meta({ description: "The Tehran day it would finish at its pace, the units left counted from today; null when unpaced or done" }),
  monthly: campaignMonthlyOutput,
  minimum_monthly_cost: z.number().int().nullable().meta({
    description:
      "Smart: what its lines cost in a 30-day month at the slowest pace allowed (one unit of each a day), the fee inside; null otherwise",
  }),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  ends_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaignOutput>;

export const createdCampaignOutput = z.object({ campaign: campaignOutput, redirect_url: z.string().nullable(), message: z.string() });
export type CreatedCampaign = z.infer<typeof createdCampaignOutput>;
export const campaignEventOutput = z.object({ campaign: campaignOutput, message: z.string() });
export type CampaignEventResult = z.infer<typeof campaignEventOutput>;
export const paidCampaignPaymentOutput = z.object({ transaction: transactionOutput, campaign: campaignOutput, message: z.string() });
export type PaidCampaignPayment = z.infer<typeof paidCampaignPaymentOutput>;
export const campaignDecisionOutput = z.object({ campaign: campaignOutput });
export const campaignTopUpOutput = z.object({
  campaign: campaignOutput,
  transaction: transactionOutput,
  added: quoteOutput,
  redirect_url: z.string().nullable().meta({ description: "Through a gateway: where to pay; null when paid from the wallet" }),
  message: z.string(),
});
export type CampaignTopUp = z.infer<typeof campaignTopUpOutput>;

/** GET dashboard: the widgets' figures and the active campaigns. */
export const dashboardOutput = z.object({
  campaigns: z.object({ completed: z.number(), awaiting_review: z.number(), active: z.number() }),
  queue: z.object({ open_campaigns: z.number() }),
  wallet: z.object({ wallet_balance: z.number(), earnings_balance: z.number(), held_balance: z.number() }),
  active_campaigns: z.object({ count: z.number(), items: z.array(campaignOutput) }),
});
export type Dashboard = z.infer<typeof dashboardOutput>;

/* ---- Endpoints: the routes (server/campaigns/routes) and the browser (lib/api/campaigns.ts, admin.ts) read these ---- */

export const campaignEndpoints = {
  pricing: endpoint({ method: "get", path: "/pricing", response: z.array(priceOutput) }),
  quote: endpoint({ method: "post", path: "/campaigns/quote", body: campaignQuoteInput, response: quoteOutput }),
  create: endpoint({ method: "post", path: "/campaigns", body: campaignInput, response: createdCampaignOutput }),
  list: endpoint({ method: "get", path: "/campaigns", query: campaignListQuery, response: campaignOutput, list: true }),
  one: endpoint({ method: "get", path: "/campaigns/{id}", params: idParam, response: campaignOutput }),
  pause: endpoint({ method: "post", path: "/campaigns/{id}/pause", params: idParam, response: campaignEventOutput }),
  activate: endpoint({ method: "post", path: "/campaigns/{id}/activate", params: idParam, response: campaignEventOutput }),
  endDate: endpoint({
    method: "put",
    path: "/campaigns/{id}/ends-at",
    params: idParam,
    body: campaignEndInput,
    response: campaignEventOutput,
  }),
  pace: endpoint({ method: "put", path: "/campaigns/{id}/pace", params: idParam, body: campaignPaceInput, response: campaignEventOutput }),
  topUp: endpoint({
    method: "post",
    path: "/campaigns/{id}/top-up",
    params: idParam,
    body: campaignTopUpInput,
    response: campaignTopUpOutput,
  }),
  monthly: endpoint({
    method: "put",
    path: "/campaigns/{id}/monthly-budget",
    params: idParam,
    body: campaignMonthlyInput,
    response: campaignEventOutput,
  }),
  payments: endpoint({
    method: "get",
    path: "/campaigns/{id}/payments",
    params: idParam,
    query: campaignPaymentsQuery,
    response: transactionOutput,
    list: true,
  }),
  pay: endpoint({
    method: "post",
    path: "/campaigns/{id}/payments/{transactionId}/pay",
    params: campaignPaymentParams,
    body: payCampaignInput,
    response: paidCampaignPaymentOutput,
  }),
  dashboard: endpoint({ method: "get", path: "/dashboard", response: dashboardOutput }),
  reviewQueue: endpoint({ method: "get", path: "/admin/campaigns", query: reviewQueueQuery, response: campaignOutput, list: true }),
  approve: endpoint({ method: "post", path: "/admin/campaigns/{id}/approve", params: idParam, response: campaignDecisionOutput }),
  reject: endpoint({
    method: "post",
    path: "/admin/campaigns/{id}/reject",
    params: idParam,
    body: rejectCampaignInput,
    response: campaignDecisionOutput,
  }),
  updatePricing: endpoint({ method: "put", path: "/admin/pricing", body: pricingUpdateInput, response: z.array(priceOutput) }),
};
