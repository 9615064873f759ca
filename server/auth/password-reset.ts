import { eq } from "drizzle-orm";
import type { Credential } from "@/lib/schemas/auth";
import { users } from "@/server/db/schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/server/audit";
import { hashPassword } from "@/server/auth/crypto";
import { consumeVerifiedReset, startOtp, type SignInCtx, type StartedOtp } from "@/server/auth/otp";
import { isCommonPassword } from "@/server/auth/password-policy";
import { revokeAllSessions } from "@/server/auth/sessions";
import { findUserByCredential } from "@/server/auth/users";
import { withTransaction } from "@/server/core/context";

/** Forgot password: a code to the account's phone (SPEC §8: 404 when there is no such user). */
export async function startPasswordReset(ctx: SignInCtx, input: { credential: Credential }): Promise<StartedOtp> {
  const user = await findUserByCredential(ctx, input.credential);
  if (!user?.phone || !user.phoneVerifiedAt) throw new AppError("user_not_found");
  return startOtp(ctx, { purpose: "reset_password", phone: user.phone, userId: user.id });
}

/** Sets the new password once the code step is verified, and ends every session of the account. */
export async function resetPassword(ctx: SignInCtx, input: { token: string; password: string }): Promise<void> {
  if (isCommonPassword(input.password)) {
    throw new AppError("reset_validation_failed", {}, { password: ctx.translate("validation.password_common") });
  }
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const challenge = await consumeVerifiedReset(ctx, { token: input.token });
    if (!challenge?.userId) throw new AppError("reset_failed");
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, challenge.userId));
    await revokeAllSessions(ctx, { userId: challenge.userId, reason: "password_reset" });
    await recordAudit(ctx, {
      actorId: challenge.userId,
      action: "user.password_reset",
      targetType: "user",
      targetId: challenge.userId,
      ip: ctx.ip,
    });
  });
}
