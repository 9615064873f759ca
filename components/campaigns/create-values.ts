import type { FieldErrors, Resolver } from "react-hook-form";
import { z } from "zod";
import { parseRials } from "@/lib/format/rials";
import { fieldErrorOf } from "@/lib/forms/schema-resolver";
import {
  campaignInput,
  campaignQuoteInput,
  strategyFigures,
  type Campaign,
  type CampaignInput,
  type CampaignQuoteInput,
} from "@/lib/schemas/campaigns";

/** A contract's value as the form holds it: a number as typed (any digits), the policies box ticked or not. */
type Typed<T> = T extends number ? string : T extends boolean ? boolean : T;

/** What the form holds: the contract's fields (campaignInput), numbers as typed, the choices as strings. */
export type Values = { [K in keyof CampaignInput]-?: Typed<Exclude<CampaignInput[K], undefined | null>> };
type Field = keyof Values;

const shape: Record<Field, z.ZodType> = campaignInput.shape;
/** The form's fields: the contract's own. */
export const FIELDS = Object.keys(shape) as Field[];
/** The quote's fields: the form's but the policies box. */
const QUOTE_FIELDS = Object.keys(campaignQuoteInput.shape) as (keyof CampaignQuoteInput)[];

/** The figures some strategy asks for: sent only when the chosen one does. */
const FIGURES: ReadonlySet<string> = new Set(Object.values(strategyFigures).flat());
/** The other optional fields (the pace's): left empty, not sent. */
const OPTIONAL: ReadonlySet<string> = new Set(FIELDS.filter((field) => shape[field].isOptional() && !FIGURES.has(field)));

/** How the form holds a field, read from its schema: a number as typed, one of a list, a box, or text. */
function kindOf(schema: z.ZodType): "number" | "choice" | "box" | "text" {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return kindOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodNumber) return "number";
  if (schema instanceof z.ZodEnum) return "choice";
  if (schema instanceof z.ZodLiteral && schema.values.has(true)) return "box";
  return "text";
}
const KINDS = Object.fromEntries(FIELDS.map((field) => [field, kindOf(shape[field])])) as Record<Field, ReturnType<typeof kindOf>>;

/** The form's first values: every text and number empty, the box unticked, and these choices. */
export const DEFAULT_VALUES: Values = {
  ...(Object.fromEntries(FIELDS.map((field) => [field, KINDS[field] === "box" ? false : ""])) as Omit<
    Values,
    "network" | "strategy" | "gateway"
  >),
  network: "youtube",
  strategy: "smart",
  gateway: "wallet",
};

/** Values saved before a trip to a gateway, read back field by field: anything malformed is the default. */
export function restoreValues(saved: Record<string, unknown>): Values {
  const restored: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = saved[field];
    const fits = typeof value === typeof DEFAULT_VALUES[field] && (KINDS[field] !== "choice" || shape[field].safeParse(value).success);
    restored[field] = fits ? value : DEFAULT_VALUES[field];
  }
  return restored as Values;
}

/** The request the values make: of the figures only those the strategy asks for, numbers read in any digits. */
export function toCampaignInput(values: Values, locale: string): CampaignQuoteInput {
  const asked: readonly string[] = strategyFigures[values.strategy];
  const input: Record<string, unknown> = {};
  for (const field of QUOTE_FIELDS) {
    if (FIGURES.has(field) && !asked.includes(field)) continue;
    if (OPTIONAL.has(field) && values[field] === "") continue;
    input[field] = KINDS[field] === "number" ? parseRials(values[field] as string, locale) : values[field];
  }
  return input as CampaignQuoteInput;
}

/** The shared schema (its messages are api.validation keys) and the policies checkbox, which the form requires. */
export function createResolver(locale: string): Resolver<Values, unknown, CampaignInput> {
  return (values) => {
    const input = toCampaignInput(values, locale);
    const parsed = campaignInput.safeParse({ ...input, accept_policies: values.accept_policies });
    const errors: FieldErrors<Values> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "") as Field;
        if (FIELDS.includes(field) && !errors[field]) errors[field] = fieldErrorOf(issue, input);
      }
    }
    if (!values.accept_policies) errors.accept_policies = { type: "required", message: "engagement_policy_required" };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: { ...input, accept_policies: true } as CampaignInput, errors: {} };
  };
}

/** The create form's path that fills it in from campaign `id` ("run again"). */
export function runAgainPath(id: string): string {
  return `/dashboard/campaigns/create?from=${encodeURIComponent(id)}`;
}

/**
 * "Run again": the form filled in from a campaign (network, strategy, name, link, followers, the figures
 * its strategy asks for: a Smart campaign's total, watch hours, the share watched, and its pace but the start day), read as saved values are;
 * `number` writes a figure as the form shows it (the locale's digits and grouping).
 */
export function valuesFromCampaign(campaign: Campaign, number: (value: number) => string = String): Values {
  const figure = (value: number | null) => (value === null || value === 0 ? undefined : number(value));
  return restoreValues({
    name: campaign.name,
    network: campaign.network,
    strategy: campaign.strategy,
    link: campaign.link,
    follower_count: number(campaign.follower_count),
    amount: campaign.strategy === "smart" ? figure(campaign.invoice.total) : undefined,
    hours: figure(campaign.hours),
    percentage: figure(campaign.percentage),
    // Its pace but for a start day, which has passed.
    per_day: campaign.pace?.per_day == null ? undefined : number(campaign.pace.per_day),
    per_hour: campaign.pace?.per_hour == null ? undefined : number(campaign.pace.per_hour),
    hours_from: campaign.pace?.hours_from?.toString(),
    hours_to: campaign.pace?.hours_to?.toString(),
  });
}
