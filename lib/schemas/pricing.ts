import { z } from "zod";
import { actionsByNetwork, REFILL_DAYS_MAX } from "@/lib/campaigns/pricing";
import { text } from "./common";
import { campaignNetworks } from "./enums";

/* The price list (GET pricing, PUT admin/pricing, in campaignEndpoints). */

/** One price of GET pricing and PUT admin/pricing. */
export const priceOutput = z.object({
  network: z.enum(campaignNetworks),
  action: z.string(),
  price: z.number(),
  booster_share: z.number(),
  refill_days: z.number().int().meta({ description: "The guarantee's length in days after a campaign ends (0: none)" }),
});
export type Price = z.infer<typeof priceOutput>;

/** The highest price of one action, in Rials (PUT admin/pricing; the back office's price editor). */
export const PRICE_MAX = 1_000_000_000;

/** PUT admin/pricing: OpenAPI component PricingUpdate. */
export const pricingUpdateInput = z.object({
  prices: z
    .array(
      z.object({
        network: z.enum(campaignNetworks),
        action: text()
          .min(1)
          .max(40)
          .meta({
            enum: [...new Set(Object.values(actionsByNetwork).flat())],
            description: "One of the network's actions (another answers 422 price_action_unknown)",
          }),
        price: z.number().int().min(1).max(PRICE_MAX),
        booster_share: z.number().min(0).max(1),
        refill_days: z
          .number()
          .int("invalid")
          .min(0)
          .max(REFILL_DAYS_MAX)
          .optional()
          .meta({ description: "The guarantee in days (0: none); absent, it stays as it is" }),
      }),
    )
    .min(1)
    .max(50),
});

export type PricingUpdate = z.input<typeof pricingUpdateInput>;
