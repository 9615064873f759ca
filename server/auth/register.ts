import { eq, or } from "drizzle-orm";
import type { z } from "zod";
import type { registerInput } from "@/lib/schemas/auth";
import type { Locale } from "@/lib/i18n/locales";
import type { Db } from "@/server/db";
import { users } from "@/server/db/schema";
import type { SmsSender } from "@/server/adapters/sms";
import { AppError } from "@/server/core/errors";
import { hashPassword } from "@/server/auth/crypto";
import { startOtp, type StartedOtp } from "@/server/auth/otp";
import { isCommonPassword } from "@/server/auth/password-policy";

export type PendingRegistration = {
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  locale: Locale;
};

/**
 * Starts a registration: nothing is created until the phone's code is right (the pending account
 * waits in the code step), so nobody can hold a number they do not own.
 */
export async function startRegistration(
  db: Db,
  sms: SmsSender,
  input: z.output<typeof registerInput>,
  context: { ip: string; locale: Locale; passwordCommonMessage: string },
): Promise<StartedOtp> {
  if (isCommonPassword(input.password)) throw new AppError("validation_failed", {}, { password: context.passwordCommonMessage });
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.phone, input.phone), eq(users.email, input.email)));
  if (existing) throw new AppError("user_exists");
  const payload: PendingRegistration = {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    password_hash: await hashPassword(input.password),
    locale: context.locale,
  };
  return startOtp(db, sms, { purpose: "register", phone: input.phone, payload, ip: context.ip });
}
