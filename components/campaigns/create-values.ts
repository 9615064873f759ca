import type { FieldErrors, Resolver } from "react-hook-form";
import { parseRials } from "@/lib/format/rials";
import { isNetwork, isStrategy, type Network, type Strategy } from "@/lib/campaigns/pricing";
import { fieldErrorOf } from "@/lib/forms/schema-resolver";
import { campaignInput, type CampaignInput, type CampaignQuoteInput } from "@/lib/schemas/campaigns";

/** What the form holds: numbers as typed (any digits), the choices as strings. */
export type Values = {
  network: Network;
  strategy: Strategy;
  name: string;
  link: string;
  follower_count: string;
  amount: string;
  hours: string;
  percentage: string;
  gateway: string;
  accept_policies: boolean;
};
export const FIELDS = [
  "network",
  "strategy",
  "name",
  "link",
  "follower_count",
  "amount",
  "hours",
  "percentage",
  "gateway",
  "accept_policies",
] as const;

export const DEFAULT_VALUES: Values = {
  network: "youtube",
  strategy: "smart",
  name: "",
  link: "",
  follower_count: "",
  amount: "",
  hours: "",
  percentage: "",
  gateway: "wallet",
  accept_policies: false,
};

/** Values saved before a trip to a gateway, read back field by field: anything malformed is the default. */
export function restoreValues(saved: Record<string, unknown>): Values {
  const text = (key: keyof Values) => (typeof saved[key] === "string" ? (saved[key] as string) : (DEFAULT_VALUES[key] as string));
  return {
    network: isNetwork(saved.network) ? saved.network : DEFAULT_VALUES.network,
    strategy: isStrategy(saved.strategy) ? saved.strategy : DEFAULT_VALUES.strategy,
    name: text("name"),
    link: text("link"),
    follower_count: text("follower_count"),
    amount: text("amount"),
    hours: text("hours"),
    percentage: text("percentage"),
    gateway: text("gateway"),
    accept_policies: saved.accept_policies === true,
  };
}

/** The request the values make: only what the strategy needs, numbers read in any digits. */
export function toCampaignInput(values: Values, locale: string): CampaignQuoteInput {
  const number = (text: string) => parseRials(text, locale);
  const input: CampaignQuoteInput = {
    name: values.name,
    network: values.network,
    strategy: values.strategy,
    link: values.link,
    follower_count: number(values.follower_count) as number,
    gateway: values.gateway,
  };
  if (values.strategy === "smart") input.amount = number(values.amount);
  if (values.strategy === "monetize" || values.strategy === "watch_time") input.hours = number(values.hours);
  if (values.strategy === "watch_time") input.percentage = number(values.percentage);
  return input;
}

/** The shared schema (its messages are api.validation keys) and the policies checkbox, which the form requires. */
export function createResolver(locale: string): Resolver<Values, unknown, CampaignInput> {
  return (values) => {
    const input = toCampaignInput(values, locale);
    const parsed = campaignInput.safeParse({ ...input, accept_policies: values.accept_policies });
    const errors: FieldErrors<Values> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "") as keyof Values;
        if ((FIELDS as readonly string[]).includes(field) && !errors[field]) errors[field] = fieldErrorOf(issue, input);
      }
    }
    if (!values.accept_policies) errors.accept_policies = { type: "required", message: "engagement_policy_required" };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: { ...input, accept_policies: true } as CampaignInput, errors: {} };
  };
}
