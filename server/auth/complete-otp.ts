import { eq } from "drizzle-orm";
import { users, type User } from "@/server/db/schema";
import { AppError } from "@/server/core/errors";
import type { OtpChallenge } from "@/server/auth/otp";
import type { PendingRegistration } from "@/server/auth/register";
import { uniqueViolation } from "@/server/auth/users";
import { signedUp } from "@/server/auth/sign-up-hooks";
import { executor, type DbCtx, withTransaction } from "@/server/core/context";

export type OtpCompletion = { kind: "signed_in"; user: User } | { kind: "reset"; token: string };

/** What a right code leads to: a new account, a login, a verified phone, or the reset-password step. */
export async function completeOtp(ctx: DbCtx, input: { challenge: OtpChallenge; token: string }): Promise<OtpCompletion> {
  const db = executor(ctx);
  const { challenge, token } = input;
  const now = new Date();
  switch (challenge.purpose) {
    case "register": {
      const pending = challenge.payload as PendingRegistration;
      try {
        const user = await withTransaction(ctx, async (ctx) => {
          const { tx } = ctx;
          const [created] = await tx
            .insert(users)
            .values({
              firstName: pending.first_name,
              lastName: pending.last_name,
              email: pending.email,
              passwordHash: pending.password_hash,
              phone: challenge.phone,
              phoneVerifiedAt: now,
              locale: pending.locale,
            })
            .returning();
          // A friend invited this person (by the link's code, else by this phone): their invitation is now registered.
          await signedUp({ ...ctx, now }, { user: created!, code: pending.invitation_code });
          return created!;
        });
        return { kind: "signed_in", user };
      } catch (error) {
        // Someone else finished registering this phone or e-mail first.
        if (uniqueViolation(error) !== null) throw new AppError("user_exists");
        throw error;
      }
    }
    case "login": {
      const [user] = await db.update(users).set({ phoneVerifiedAt: now }).where(eq(users.id, challenge.userId!)).returning();
      if (!user) throw new AppError("otp_not_found");
      return { kind: "signed_in", user };
    }
    case "verify_phone": {
      try {
        const user = await withTransaction(ctx, async (ctx) => {
          const { tx } = ctx;
          const [updated] = await tx
            .update(users)
            .set({ phone: challenge.phone, phoneVerifiedAt: now, updatedAt: now })
            .where(eq(users.id, challenge.userId!))
            .returning();
          if (!updated) throw new AppError("otp_not_found");
          await signedUp({ ...ctx, now }, { user: updated });
          return updated;
        });
        return { kind: "signed_in", user };
      } catch (error) {
        if (uniqueViolation(error) !== null) throw new AppError("phone_in_use");
        throw error;
      }
    }
    case "reset_password":
      return { kind: "reset", token };
  }
}
