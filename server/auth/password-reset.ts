import { eq } from "drizzle-orm";
import type { Credential } from "@/lib/schemas/auth";
import type { Db } from "@/server/db";
import { users } from "@/server/db/schema";
import type { SmsSender } from "@/server/adapters/sms";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/server/audit/record";
import { hashPassword } from "@/server/auth/crypto";
import { consumeVerifiedReset, startOtp, type StartedOtp } from "@/server/auth/otp";
import { isCommonPassword } from "@/server/auth/password-policy";
import { revokeAllSessions } from "@/server/auth/sessions";
import { findUserByCredential } from "@/server/auth/users";

/** Forgot password: a code to the account's phone (SPEC §8: 404 when there is no such user). */
export async function startPasswordReset(db: Db, sms: SmsSender, credential: Credential, ip: string): Promise<StartedOtp> {
  const user = await findUserByCredential(db, credential);
  if (!user?.phone || !user.phoneVerifiedAt) throw new AppError("user_not_found");
  return startOtp(db, sms, { purpose: "reset_password", phone: user.phone, userId: user.id, ip });
}

/** Sets the new password once the code step is verified, and ends every session of the account. */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
  context: { ip: string; passwordCommonMessage: string },
): Promise<void> {
  if (isCommonPassword(input.password)) throw new AppError("reset_validation_failed", {}, { password: context.passwordCommonMessage });
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const challenge = await consumeVerifiedReset(tx, input.token);
    if (!challenge?.userId) throw new AppError("reset_failed");
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, challenge.userId));
    await revokeAllSessions(tx, challenge.userId, "password_reset");
    await recordAudit(tx, {
      actorId: challenge.userId,
      action: "user.password_reset",
      targetType: "user",
      targetId: challenge.userId,
      ip: context.ip,
    });
  });
}
