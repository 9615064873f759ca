import { z } from "zod";
import { text } from "./common";
import { gatewayIds } from "./enums";

/* The campaign's changes after purchase (issue 32): its end, its pace, a top-up, a monthly budget; and the pace also chosen at purchase. */

export const CAMPAIGN_BUDGET_MIN = 100_000;
export const CAMPAIGN_BUDGET_MAX = 5_000_000_000;
export const CAMPAIGN_NAME_MAX = 100;

/** The highest cap a pace may set, per day or per hour. */
export const PACE_UNITS_MAX = 1_000_000;
const paceUnits = z.number().int("invalid").min(1, "too_small_number").max(PACE_UNITS_MAX, "too_big_number").nullable().optional();
const dayText = text("invalid_format")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "invalid_format")
  .meta({ format: "date" });

/**
 * A pace (lib/campaigns/pacing.ts): units started per Tehran day and per hour at most, the hours of the
 * Tehran day the work is offered (from, to: both or neither, from before to), and the day it starts;
 * null or absent, no limit of that kind. Set at creation (POST campaigns, its quote) or later (PUT campaigns/{id}/pace).
 */
export const paceFields = {
  per_day: paceUnits.meta({ description: "Units started per Tehran day at most" }),
  per_hour: paceUnits.meta({ description: "Units started per hour at most" }),
  hours_from: z.number().int("invalid").min(0, "too_small_number").max(23, "too_big_number").nullable().optional(),
  hours_to: z.number().int("invalid").min(1, "too_small_number").max(24, "too_big_number").nullable().optional(),
  starts_on: dayText.nullable().optional().meta({ description: "A Tehran day, YYYY-MM-DD: today up to a year ahead" }),
};

export function checkPace(
  value: { hours_from?: number | null | undefined; hours_to?: number | null | undefined },
  ctx: z.RefinementCtx,
): void {
  const from = value.hours_from ?? null;
  const to = value.hours_to ?? null;
  if ((from === null) !== (to === null))
    ctx.addIssue({ code: "custom", path: [from === null ? "hours_from" : "hours_to"], message: "required" });
  else if (from !== null && to !== null && from >= to) ctx.addIssue({ code: "custom", path: ["hours_to"], message: "invalid" });
}

/** A Smart campaign's amount in Rials, the service fee inside. */
export const campaignAmount = z.number().int("invalid").min(CAMPAIGN_BUDGET_MIN).max(CAMPAIGN_BUDGET_MAX);

/** How far ahead a running campaign's end may be moved, in days from today. */
export const CAMPAIGN_END_MAX_DAYS = 365;

/** PUT campaigns/{id}/ends-at: the Tehran day the campaign runs until (its last second), today up to a year ahead. */
export const campaignEndInput = z.object({
  ends_at: text("invalid_format")
    .regex(/^\d{4}-\d{2}-\d{2}$/, "invalid_format")
    .meta({
      format: "date",
      description: `A Tehran day, YYYY-MM-DD: today up to ${CAMPAIGN_END_MAX_DAYS} days ahead`,
      example: "2026-12-31",
    }),
});

/** PUT campaigns/{id}/pace: a pace (paceFields); all null unpaces the campaign. */
export const campaignPaceInput = z.object(paceFields).superRefine(checkPace);
export type CampaignPaceInput = z.input<typeof campaignPaceInput>;

/** POST campaigns/{id}/top-up: more budget for a running Smart campaign, from the wallet, at the campaign's own prices. */
export const campaignTopUpInput = z.object({
  amount: campaignAmount.meta({ description: "Rials to add, the service fee inside (as a Smart campaign's amount)" }),
  gateway: text("gateway_required")
    .min(1, "gateway_required")
    .max(40, "gateway_required")
    .meta({
      enum: ["wallet", ...gatewayIds],
      description: "wallet: paid from the wallet now; a gateway: paid there, applied once it is paid",
    }),
});

/**
 * PUT campaigns/{id}/monthly-budget: a running Smart campaign runs month by month (Tehran months, Solar
 * Hijri). The amount is charged from the wallet now for this month and again at the start of each
 * month (the fee inside, at the campaign's own prices), at least its minimum monthly cost; null stops
 * renewing (the campaign ends with the month it has).
 */
export const campaignMonthlyInput = z.object({
  amount: campaignAmount.nullable().meta({
    description: "Rials a Tehran month, the service fee inside; at least the campaign's minimum_monthly_cost; null stops renewing",
  }),
});
export type CampaignMonthlyInput = z.input<typeof campaignMonthlyInput>;

/** A campaign's pace as the contract answers it. */
export const campaignPaceOutput = z
  .object({
    per_day: z.number().int().nullable(),
    per_hour: z.number().int().nullable(),
    hours_from: z.number().int().nullable(),
    hours_to: z.number().int().nullable(),
    starts_on: z.string().nullable(),
  })
  .nullable()
  .meta({ description: "How fast it may be delivered (PUT campaigns/{id}/pace); null: as fast as boosters take it" });

/** This month's budget of a Smart campaign run month by month. */
export const campaignMonthlyOutput = z
  .object({
    amount: z.number().int().nullable().meta({
      description:
        "Rials charged from the wallet each Tehran month, the service fee inside; null: not renewed (this month's budget runs out)",
    }),
    month: z.string().meta({ description: "The Tehran month (Solar Hijri, YYYY-MM) this month's budget is for", example: "1405-09" }),
    for_tasks: z.number().int().meta({ description: "This month's budget for tasks (the amount less the fee)" }),
    spent: z.number().int().meta({ description: "Spent on tasks since this month's budget was charged" }),
    left: z.number().int().meta({ description: "This month's budget for tasks not yet spent" }),
    renews_on: z
      .string()
      .nullable()
      .meta({ description: "The Tehran day (YYYY-MM-DD) the next month's budget is charged; null when not renewed" }),
    paused_short: z
      .boolean()
      .meta({ description: "Paused because the wallet was short at the renewal; it resumes once a renewal is paid" }),
  })
  .nullable()
  .meta({
    description:
      "This month's budget of a Smart campaign run month by month (PUT campaigns/{id}/monthly-budget), kept through the month after renewing stops; null otherwise",
  });
