import { maskBooster, TASK_TTL_MINUTES } from "@/lib/activities/tasks";
import type { Activity as ActivityOutput, Task as TaskOutput } from "@/lib/schemas/activities";
import type { Task } from "./tasks";
import type { Activity } from "@/server/db/schema";

export type BoosterName = { firstName: string; lastName: string };

/** An activity row as the contract's Activity (lib/schemas/activities.ts): the booster masked, the reward only for those who may see it. */
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
    denial_code: row.denialCode,
    check_method: row.checkMethod,
    decided_by: row.decidedBy,
    proof_username: row.proofUsername,
    has_screenshot: row.proofImageKey !== null,
    revision_note: row.revisionNote,
    revisions: row.revisions,
    appeal_note: row.appealNote,
    appealed_at: row.appealedAt?.toISOString() ?? null,
    approved_at: row.approvedAt?.toISOString() ?? null,
    release_at: row.releaseAt?.toISOString() ?? null,
    released_at: row.releasedAt?.toISOString() ?? null,
    dropped_at: row.droppedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

/** An open task (server/activities/tasks.ts) as the contract's Task. */
export function toTaskOutput(task: Task): TaskOutput {
  return {
    id: task.id,
    campaign_id: task.campaignId,
    network: task.network,
    link: task.link,
    metric: task.metric,
    action: task.action,
    type: task.type,
    quantity: task.quantity,
    reward: task.reward,
    check_method: task.checkMethod,
    minutes_allowed: TASK_TTL_MINUTES,
  };
}
