import { z } from "zod";
import { tehranDayText } from "./common";

/* The campaign's delivery over time (GET campaigns/{id}/delivery, in activityEndpoints). */

/** GET campaigns/{id}/delivery: how many days of the chart (ending today, Tehran). */
export const DELIVERY_DAYS_MAX = 365;
export const deliveryQuery = z.object({ days: z.coerce.number().int().min(1).max(DELIVERY_DAYS_MAX).default(90) });

/** One Tehran day of a campaign's delivery (units): delivered that day and how it was checked, dropped, refilled. */
export const deliveryDayOutput = z.object({
  day: tehranDayText(),
  delivered: z.number().int(),
  auto_checked: z.number().int(),
  watched: z.number().int(),
  reviewed: z.number().int(),
  dropped: z.number().int(),
  refilled: z.number().int(),
});
export type DeliveryDay = z.infer<typeof deliveryDayOutput>;

/** A network's own public counters (YouTube statistics); null where the network gives none. */
export const networkCountsOutput = z.object({
  subscribers: z.number().int().nullable(),
  views: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  subscribers_hidden: z.boolean().meta({ description: "The channel hides its subscriber count" }),
});
export type NetworkCounts = z.infer<typeof networkCountsOutput>;

/** GET campaigns/{id}/delivery: the producer's view of how the units were delivered. */
export const deliveryOutput = z.object({
  delivered: z.number().int().meta({ description: "Units delivered and still standing (net of drops)" }),
  auto_checked: z.number().int(),
  watched: z.number().int(),
  reviewed: z.number().int(),
  dropped: z.number().int(),
  refilled: z.number().int(),
  awaiting_review: z.number().int(),
  days: z.array(deliveryDayOutput).meta({ description: "Every Tehran day of the window the campaign existed, oldest first" }),
  network: z.object({
    status: z.enum(["counted", "not_yet", "not_available"]).meta({
      description:
        "counted: the network's counter is recorded; not_yet: not taken yet (taken at approval, then daily); not_available: this network gives none here",
    }),
    start: networkCountsOutput.nullable(),
    start_at: z.string().nullable(),
    days: z.array(networkCountsOutput.extend({ day: z.string() })),
  }),
  eta: z.object({
    remaining: z.number().int().meta({ description: "Units bought and not delivered yet" }),
    rate_per_day: z.number().meta({ description: "Units delivered per day over the last 7 days (net of drops)" }),
    at: z
      .string()
      .nullable()
      .meta({ description: "The Tehran day it finishes at that rate; null when done or nothing was delivered in 7 days" }),
  }),
});
export type Delivery = z.infer<typeof deliveryOutput>;
