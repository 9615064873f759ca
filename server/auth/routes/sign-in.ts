import type { Context } from "hono";
import { OTP_ROUTE, HOME_ROUTE } from "@/lib/schemas/auth";
import { maskPhone } from "@/lib/validation/phone";
import type { User } from "@/server/db/schema";
import { OAuthVerificationError, type SocialIdentity } from "@/server/adapters/oauth";
import { signDeviceToken } from "@/server/auth/jwt";
import { signingKey } from "@/server/auth/keys";
import type { SignInCtx, StartedOtp } from "@/server/auth/otp";
import { toUserOutput } from "@/server/auth/present";
import { openSession } from "@/server/auth/sessions";
import { userForSocialIdentity } from "@/server/auth/social";
import { clientMeta, rateLimitIp, setAdminHint, setDeviceCookie, setSessionCookies } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { AppError } from "@/server/core/errors";
import { translateApi } from "@/server/http/i18n";
import { withTransaction } from "@/server/core/context";

/** What the account routes share: the code step's answer, opening a session, a social sign-in. */

export function otpAnswer(otp: StartedOtp) {
  return { token: otp.token, route: OTP_ROUTE, phone: maskPhone(otp.phone), expires_in: otp.expiresIn, resend_in: otp.resendIn } as const;
}

/** Opens a session for the user and answers it: cookies for the browser, tokens in the body for API clients. */
export async function signIn(c: Context<AppEnv>, services: Services, user: User, options: { trustDevice?: boolean } = {}) {
  const db = c.get("db");
  const key = await signingKey({ db });
  const session = await withTransaction({ db }, (ctx) => openSession(ctx, { key, userId: user.id, meta: clientMeta(c, services) }));
  setSessionCookies(c, session);
  setAdminHint(c, user.role === "admin");
  if (options.trustDevice) setDeviceCookie(c, await signDeviceToken(key, user.id));
  const needsPhone = user.phoneVerifiedAt === null;
  return {
    user: toUserOutput(user),
    access_token: session.accessToken,
    token_type: "Bearer" as const,
    expires_in: session.expiresIn,
    ...(c.req.header("x-token-delivery") === "body" ? { refresh_token: session.refreshToken } : {}),
    route: needsPhone ? OTP_ROUTE : HOME_ROUTE,
    needs_phone: needsPhone,
  };
}

/** The context a sign-in verb runs with, for this request. */
export function signInCtx(c: Context<AppEnv>, services: Services): SignInCtx {
  const locale = c.get("locale");
  return {
    db: c.get("db"),
    locale,
    ip: rateLimitIp(c, services),
    sms: services.sms,
    translate: (key) => translateApi(locale, key),
  };
}

export async function social(c: Context<AppEnv>, services: Services, provider: "google" | "apple", verify: () => Promise<SocialIdentity>) {
  const name = translateApi(c.get("locale"), `providers.${provider}`);
  let identity: SocialIdentity;
  try {
    identity = await verify();
  } catch (error) {
    if (error instanceof OAuthVerificationError) {
      if (error.reason === "provider_unavailable") throw new AppError("social_unavailable", { provider: name });
      if (error.reason === "not_configured") throw new AppError("social_not_configured", { provider: name });
      throw new AppError("social_login_failed", { provider: name });
    }
    throw error;
  }
  const user = await userForSocialIdentity({ db: c.get("db") }, { identity, locale: c.get("locale") });
  return signIn(c, services, user);
}
