import { sql, type SQL } from "drizzle-orm";
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

/**
 * The same entry as a step of a caller's statement (a CTE's body), written only when `when` holds — for a
 * verb that does its whole work in one statement (a payout's request).
 */
export function auditStep(entry: AuditEntry, when: SQL): SQL {
  return sql`insert into audit_log (actor_id, action, target_type, target_id, details, ip)
    select ${entry.actorId}::uuid, ${entry.action}::text, ${entry.targetType}::text, ${entry.targetId}::text,
      ${JSON.stringify(entry.details ?? {})}::jsonb, ${entry.ip ?? null}::text
    where ${when}`;
}
