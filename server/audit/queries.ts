import { and, count, desc, eq, like, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/server/db";
import { auditLog, users } from "@/server/db/schema";
import type { AuditEntry, auditListQuery } from "@/lib/schemas/audit";

/** A page of the audit log, newest first, filtered by the action's beginning, the target and who acted. */
export async function listAudit(db: Db, query: z.output<typeof auditListQuery>): Promise<{ rows: AuditEntry[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    query.action ? like(auditLog.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    query.target_type ? eq(auditLog.targetType, query.target_type) : undefined,
    query.target_id ? eq(auditLog.targetId, query.target_id) : undefined,
    query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ entry, firstName, lastName, phone }) => ({
      id: entry.id,
      actor: entry.actorId ? { id: entry.actorId, name: `${firstName ?? ""} ${lastName ?? ""}`.trim(), phone } : null,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: (entry.details ?? {}) as Record<string, unknown>,
      ip: entry.ip,
      at: entry.createdAt.toISOString(),
    })),
  };
}
