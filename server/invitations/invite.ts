import { randomBytes } from "node:crypto";
import { and, count, eq, gte } from "drizzle-orm";
import { type UserCtx, withTransaction } from "@/server/core/context";
import { env } from "@/server/core/env";
import { AppError } from "@/server/core/errors";
import { invitations, smsOptOuts, users, type Invitation } from "@/server/db/schema";
import { recordAudit } from "@/server/audit";
import { uniqueViolation } from "@/server/auth";
import { membershipOf } from "@/server/payouts";
import { takeSlot } from "@/server/payouts";

/** A code for the SMS's link: 10 characters of [a-z0-9], from the CSPRNG. */
export function invitationCode(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

const DAY_MS = 86_400_000;

/**
 * POST invitations: a friend's phone, invited once, by one person. Refused with SPEC's codes when the
 * phone already has an account (ERR_USER_ALREADY_REGISTERED) or an invitation (ERR_USER_ALREADY_INVITED),
 * with no plan in force (ERR_NO_ACTIVE_MEMBERSHIP) or the day's SMS sent (ERR_MAX_INVITATIONS); with ours
 * when asked never to be texted (invitation_opted_out) or the period's invitations are used
 * (invitations_used_up, 403). The period's
 * invitation is taken by a conditional UPDATE in the transaction that writes the invitation, so
 * parallel requests never pass the plan's limit; the same row lock orders one inviter's requests, so
 * the day's count is exact too. The SMS goes after commit (the outbox job sends what is left).
 */
export async function inviteFriend(ctx: UserCtx, input: { phone: string; name?: string | undefined; now?: Date }): Promise<Invitation> {
  const inviter = ctx.actor;
  const now = input.now ?? new Date();
  if (inviter.phone === input.phone) throw new AppError("ERR_USER_ALREADY_REGISTERED");
  const [registered] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
  if (registered) throw new AppError("ERR_USER_ALREADY_REGISTERED");
  const [optedOut] = await ctx.db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, input.phone));
  if (optedOut) throw new AppError("invitation_opted_out");
  const [invited] = await ctx.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.phone, input.phone));
  if (invited) throw new AppError("ERR_USER_ALREADY_INVITED");

  try {
    return await withTransaction(
      ctx,
      async (ctx) => {
        const { tx } = ctx;
        const slot = await takeSlot({ ...ctx, tx: tx, now }, { userId: inviter.id, what: "invitations" });
        if (!slot) {
          const state = await membershipOf({ ...ctx, tx: tx, now }, { userId: inviter.id });
          // SPEC names one code for payouts and invitations: the sentence speaks of inviting.
          if (!state.current) throw new AppError("ERR_NO_ACTIVE_MEMBERSHIP", { about: "invitation" });
          throw new AppError("invitations_used_up");
        }
        const [today] = await tx
          .select({ n: count() })
          .from(invitations)
          .where(and(eq(invitations.inviterId, inviter.id), gte(invitations.createdAt, new Date(now.getTime() - DAY_MS))));
        if ((today?.n ?? 0) >= env.INVITATIONS_PER_DAY) throw new AppError("ERR_MAX_INVITATIONS", { limit: env.INVITATIONS_PER_DAY });
        const [created] = await tx
          .insert(invitations)
          .values({
            inviterId: inviter.id,
            phone: input.phone,
            name: input.name ?? null,
            code: invitationCode(),
            membershipId: slot,
            createdAt: now,
          })
          .returning();
        await recordAudit(ctx, {
          actorId: inviter.id,
          action: "invitation.sent",
          targetType: "invitation",
          targetId: created!.id,
          ip: ctx.ip ?? null,
        });
        return created!;
      },
      { retry: true },
    );
  } catch (error) {
    // Invited by someone else a moment ago (the phone is unique).
    if (uniqueViolation(error) !== null) throw new AppError("ERR_USER_ALREADY_INVITED");
    throw error;
  }
}
