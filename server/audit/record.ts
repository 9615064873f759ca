import { auditLog } from "@/server/db/schema";
import { executor, type DbCtx } from "@/server/core/context";

export type AuditEntry = {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
};

/** Writes one audit row, inside the caller's transaction so the action and its record stand or fall together. */
export async function recordAudit(ctx: DbCtx, entry: AuditEntry): Promise<void> {
  const tx = executor(ctx);
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}
