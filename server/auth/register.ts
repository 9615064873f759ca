import { eq, or } from "drizzle-orm";
import type { z } from "zod";
import type { registerInput } from "@/lib/schemas/auth";
import type { Locale } from "@/lib/i18n/locales";
import { users } from "@/server/db/schema";
import { AppError } from "@/server/core/errors";
import { hashPassword } from "@/server/auth/crypto";
import { startOtp, type SignInCtx, type StartedOtp } from "@/server/auth/otp";
import { isCommonPassword } from "@/server/auth/password-policy";

export type PendingRegistration = {
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  locale: Locale;
  /** The invitation link's code the person came through, if any (its inviter is credited when the account is made). */
  invitation_code?: string;
};

/**
 * Starts a registration: nothing is created until the phone's code is right (the pending account
 * waits in the code step), so nobody can hold a number they do not own.
 */
export async function startRegistration(ctx: SignInCtx, input: z.output<typeof registerInput>): Promise<StartedOtp> {
  if (isCommonPassword(input.password))
    throw new AppError("validation_failed", {}, { password: ctx.translate("validation.password_common") });
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.phone, input.phone), eq(users.email, input.email)));
  if (existing) throw new AppError("user_exists");
  const payload: PendingRegistration = {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    password_hash: await hashPassword(input.password),
    locale: ctx.locale,
    ...(input.invitation_code ? { invitation_code: input.invitation_code } : {}),
  };
  return startOtp(ctx, { purpose: "register", phone: input.phone, payload });
}
