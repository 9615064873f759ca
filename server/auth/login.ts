import type { Credential } from "@/lib/schemas/auth";
import type { User } from "@/server/db/schema";
import { AppError } from "@/server/core/errors";
import { burnPasswordCheck, verifyPassword } from "@/server/auth/crypto";
import { deviceTrustedFor } from "@/server/auth/jwt";
import { signingKey } from "@/server/auth/keys";
import { startOtp, type SignInCtx, type StartedOtp } from "@/server/auth/otp";
import { findUserByCredential } from "@/server/auth/users";
import { accountKey, countedPasswordCheck } from "@/server/auth/login-throttle";

export type LoginOutcome = { kind: "session"; user: User } | { kind: "otp"; otp: StartedOtp };

/**
 * Password login. An unknown account costs the same password check as a known one and gets the
 * same 401. Ten wrong passwords for an account (or fifty from an address) in 15 minutes answer 429:
 * each check is reserved before the password is looked at, so parallel guesses cannot outrun it.
 * An unverified phone or a device that has not passed a code step goes on to a code.
 */
export async function login(
  ctx: SignInCtx,
  input: { credential: Credential; password: string; deviceToken: string | undefined },
): Promise<LoginOutcome> {
  const { db, ip } = ctx;
  const user = await findUserByCredential({ db }, input.credential);
  // Guesses through the phone and through the e-mail count against the same account.
  const key = user ? `user:${user.id}` : accountKey(input.credential);
  const passwordOk = await countedPasswordCheck(
    { db },
    {
      key,
      ip,
      check: async () =>
        user?.passwordHash ? verifyPassword(input.password, user.passwordHash) : (await burnPasswordCheck(input.password), false),
    },
  );
  if (!user || !passwordOk) throw new AppError("invalid_credentials");
  const trusted = user.phoneVerifiedAt !== null && (await deviceTrustedFor(await signingKey({ db }), input.deviceToken, user.id));
  if (trusted) return { kind: "session", user };
  if (!user.phone) throw new AppError("phone_required");
  return { kind: "otp", otp: await startOtp(ctx, { purpose: "login", phone: user.phone, userId: user.id }) };
}
