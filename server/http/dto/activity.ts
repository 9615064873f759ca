import { z } from "@hono/zod-openapi";
import { maskBooster } from "@/lib/activities/tasks";
import { activityStatuses, activityTypes, type Activity } from "@/server/db/schema";

/** SPEC §3 activity. A producer sees the booster masked and never the booster's reward. */
export const activityOutput = z
  .object({
    id: z.string().uuid(),
    campaign_id: z.string().uuid(),
    type: z.enum(activityTypes),
    action: z.string(),
    metric: z.string(),
    quantity: z.number().int(),
    booster: z.string().openapi({ description: "Masked: initials and stars" }),
    status: z.enum(activityStatuses),
    budget: z.number().int().openapi({ description: "Rials reserved for it" }),
    cost: z.number().int().openapi({ description: "Rials charged (once approved)" }),
    reward: z.number().int().nullable().openapi({ description: "The booster's share; only the booster and admins see it" }),
    progress: z.number().int(),
    post_link: z.string(),
    proof: z.string().nullable(),
    denial_reason: z.string().nullable(),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
    expires_at: z.string().openapi({ format: "date-time" }),
    submitted_at: z.string().nullable().openapi({ format: "date-time" }),
    reviewed_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("Activity");
export type ActivityOutput = z.infer<typeof activityOutput>;

export type BoosterName = { firstName: string; lastName: string };

export function toActivityOutput(row: Activity, booster: BoosterName, view: { reward: boolean }): ActivityOutput {
  return {
    id: row.id,
    campaign_id: row.campaignId,
    type: row.type,
    action: row.action,
    metric: row.metric,
    quantity: row.quantity,
    booster: maskBooster(booster.firstName, booster.lastName),
    status: row.status,
    budget: row.budget,
    cost: row.cost,
    reward: view.reward ? row.reward : null,
    progress: row.progress,
    post_link: row.postLink,
    proof: row.proof,
    denial_reason: row.denialReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

export const taskOutput = z
  .object({
    id: z.string().openapi({ description: "<campaign id>.<metric>" }),
    campaign_id: z.string().uuid(),
    network: z.enum(["youtube", "instagram"]),
    link: z.string(),
    metric: z.string(),
    action: z.string(),
    type: z.enum(activityTypes),
    quantity: z.number().int(),
    reward: z.number().int().openapi({ description: "Rials the booster earns once approved" }),
  })
  .openapi("Task");
