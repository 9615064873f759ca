import { and, desc, eq, like, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { paged } from "@/server/db/paged";
import { auditLog, users } from "@/server/db/schema";
import { auditActions, type AuditEntry, type auditListQuery } from "@/lib/schemas/audit";
import { executor, type DbCtx } from "@/server/core/context";
import { auditSubjects, type AuditSubject } from "./subjects";

/** A page of the audit log, newest first, filtered by the action's beginning, the target and who acted. */
export async function listAudit(ctx: DbCtx, query: z.output<typeof auditListQuery>): Promise<{ rows: AuditEntry[]; total: number }> {
  const db = executor(ctx);
  const conditions: (SQL | undefined)[] = [
    // A listed action exactly (activity.approve is not activity.approve_checked); anything else as a beginning (payout.).
    query.action
      ? (auditActions as readonly string[]).includes(query.action)
        ? eq(auditLog.action, query.action)
        : like(auditLog.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined,
    query.target_type ? eq(auditLog.targetType, query.target_type) : undefined,
    query.target_id ? eq(auditLog.targetId, query.target_id) : undefined,
    query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
  ];
  const where = and(...conditions);
  const { rows, total } = await paged(db, { from: auditLog, where, page: query.page, perPage: query.per_page }, (where) =>
    db
      .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
  );
  const subjects = await auditSubjects(
    ctx,
    rows.map(({ entry }) => ({ type: entry.targetType, id: entry.targetId })),
  );
  return {
    total,
    rows: rows.map(({ entry, firstName, lastName, phone }) => ({
      id: entry.id,
      actor: entry.actorId ? { id: entry.actorId, name: `${firstName ?? ""} ${lastName ?? ""}`.trim(), phone } : null,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      subject: subjectOf(subjects, entry.targetType, entry.targetId),
      details: (entry.details ?? {}) as Record<string, unknown>,
      ip: entry.ip,
      at: entry.createdAt.toISOString(),
    })),
  };
}

function subjectOf(subjects: Map<string, AuditSubject>, type: string, id: string | null): AuditEntry["subject"] {
  const found = id ? subjects.get(`${type}:${id}`) : undefined;
  return found ? { name: found.name, user_id: found.userId, campaign_id: found.campaignId } : null;
}
