import type { ActorCtx, TxCtx } from "@/server/core/context";
import { recordAudit } from "@/server/audit";
import type { Activity } from "@/server/db/schema";
import { notify } from "@/server/notifications";

/** The booster is told their work was approved — by a person, or automatically (an API check, a watch session, the deadline). */
export function announceApproval(ctx: TxCtx, input: { activity: Activity; by: "admin" | "sla" | "api" | "watch" | undefined }) {
  const { activity, by } = input;
  return notify(ctx, {
    userId: activity.boosterId,
    kind: by && by !== "admin" ? "activity_auto_approved" : "activity_approved",
    dedupeKey: `activity:${activity.id}:approve`,
    params: { activity_id: activity.id, reward: activity.reward, release_at: activity.releaseAt?.toISOString() ?? null },
  });
}

/** The booster is told a person did not accept their work, with the reason (once, and once more after an appeal). */
export function announceDenial(
  ctx: TxCtx,
  input: { activity: Activity; denial: { code: string; reason: string | null; appeal: boolean } },
) {
  const { activity, denial } = input;
  return notify(ctx, {
    userId: activity.boosterId,
    kind: "activity_denied",
    dedupeKey: `activity:${activity.id}:deny:${denial.appeal ? "appeal" : "first"}`,
    params: { activity_id: activity.id, reward: activity.reward, code: denial.code, reason: denial.reason },
  });
}

/** What an admin (or nobody, for the system) decided, in the audit log. */
export async function audit(ctx: TxCtx<ActorCtx>, input: { id: string; action: string; details: Record<string, unknown> }) {
  const { id, action, details } = input;
  await recordAudit(ctx, {
    actorId: ctx.actor?.id ?? null,
    action,
    targetType: "activity",
    targetId: id,
    details,
    ip: ctx.ip ?? null,
  });
}
