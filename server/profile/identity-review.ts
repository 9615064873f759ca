import { and, asc, eq } from "drizzle-orm";
import { users, type User } from "@/server/db/schema";
import { paged } from "@/server/db/paged";
import { claimNationalId } from "@/server/profile/national-id";
import { withTransaction, type DbCtx, type UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { notify } from "@/server/notifications";
import { recordAudit } from "@/server/audit";

/** The identity queue: oldest request first. */
export async function listPendingIdentities(
  ctx: DbCtx,
  input: { page: number; perPage: number },
): Promise<{ users: User[]; total: number }> {
  const { db } = ctx;
  const { page, perPage } = input;
  const pending = eq(users.identityStatus, "identity_verification_pending");
  const { rows, total } = await paged(db, { from: users, where: pending, page, perPage }, (where) =>
    db.select().from(users).where(where).orderBy(asc(users.identityRequestedAt)),
  );
  return { users: rows, total };
}

/** Approves or rejects a pending request, with its audit row, only while it is pending. */
export async function reviewIdentity(
  ctx: UserCtx,
  input: { userId: string } & ({ approve: true } | { approve: false; reason: string }),
): Promise<User> {
  const { userId, ...decision } = input;
  return withTransaction(ctx, async (ctx) => {
    const { tx, actor: admin } = ctx;
    const [updated] = await tx
      .update(users)
      .set(
        decision.approve
          ? { identityStatus: "identity_verified", identityRejectionReason: null, updatedAt: new Date() }
          : { identityStatus: "identity_verification_failed", identityRejectionReason: decision.reason, updatedAt: new Date() },
      )
      .where(and(eq(users.id, userId), eq(users.identityStatus, "identity_verification_pending")))
      .returning();
    if (!updated) throw new AppError("identity_not_pending");
    if (decision.approve) await claimNationalId(ctx, { user: updated, holders: ["identity_verified"] });
    await notify(ctx, {
      userId,
      kind: decision.approve ? "identity_approved" : "identity_rejected",
      // One per decision: a later request decided again is news again.
      dedupeKey: `identity:${userId}:${updated.identityRequestedAt?.getTime() ?? 0}:${decision.approve ? "approved" : "rejected"}`,
      params: decision.approve ? {} : { reason: decision.reason },
    });
    await recordAudit(ctx, {
      actorId: admin.id,
      action: decision.approve ? "identity.approved" : "identity.rejected",
      targetType: "user",
      targetId: userId,
      details: decision.approve ? {} : { reason: decision.reason },
      ip: ctx.ip ?? null,
    });
    return updated;
  });
}
