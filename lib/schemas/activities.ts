import { z } from "zod";
import { visibleText } from "@/lib/validation/visible-text";
import { dateTime, paging } from "./common";
import { activityStatuses, activityTypes, campaignNetworks } from "./enums";

/* ---- Requests ---- */

export const activityStatusFilter = z.enum(activityStatuses, "invalid_value");
export const myActivitiesQuery = z.object({ status: activityStatusFilter.optional(), ...paging });
export const activityQueueQuery = z.object({ status: activityStatusFilter.default("awaiting_review"), ...paging });
export const tasksQuery = z.object(paging);
/** A task's id: `<campaign id>.<metric>`. */
export const taskParam = z.object({ id: z.string().min(1).max(80) });

/** POST activities/{id}/submit: OpenAPI component SubmitActivity. */
export const submitActivityInput = z.object({
  post_link: z.string("link_invalid").trim().min(1, "link_invalid").max(300, "link_invalid"),
  proof: z.string().trim().max(500, "too_big_string").superRefine(visibleText).optional(),
});
export type SubmitActivityInput = z.input<typeof submitActivityInput>;

/* ---- Answers ---- */

/** SPEC §3 activity: OpenAPI component Activity. A producer sees the booster masked and never the booster's reward. */
export const activityOutput = z.object({
  id: z.string().uuid(),
  campaign_id: z.string().uuid(),
  type: z.enum(activityTypes),
  action: z.string(),
  metric: z.string(),
  quantity: z.number().int(),
  booster: z.string().meta({ description: "Masked: initials and stars" }),
  status: z.enum(activityStatuses),
  budget: z.number().int().meta({ description: "Rials reserved for it" }),
  cost: z.number().int().meta({ description: "Rials charged (once approved)" }),
  reward: z.number().int().nullable().meta({ description: "The booster's share; only the booster and admins see it" }),
  progress: z.number().int(),
  post_link: z.string(),
  proof: z.string().nullable(),
  denial_reason: z.string().nullable(),
  created_at: dateTime(),
  updated_at: dateTime(),
  expires_at: dateTime(),
  submitted_at: dateTime().nullable(),
  reviewed_at: dateTime().nullable(),
});
export type Activity = z.infer<typeof activityOutput>;

/** An open task: OpenAPI component Task. */
export const taskOutput = z.object({
  id: z.string().meta({ description: "<campaign id>.<metric>" }),
  campaign_id: z.string().uuid(),
  network: z.enum(campaignNetworks),
  link: z.string(),
  metric: z.string(),
  action: z.string(),
  type: z.enum(activityTypes),
  quantity: z.number().int(),
  reward: z.number().int().meta({ description: "Rials the booster earns once approved" }),
});
export type Task = z.infer<typeof taskOutput>;
