import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  addPhoneInput,
  appleLoginInput,
  forgotPasswordInput,
  googleLoginInput,
  loginInput,
  otpResendInput,
  otpStatusInput,
  otpVerifyInput,
  parseCredential,
  registerInput,
  resetPasswordInput,
} from "@/lib/schemas/auth";
import { maskPhone } from "@/lib/validation/phone";
import { safeRedirectPath } from "@/lib/auth/guard";
import type { User } from "@/server/db/schema";
import { OAuthVerificationError, type SocialIdentity } from "@/server/adapters/oauth";
import { completeOtp } from "@/server/auth/complete-otp";
import { signDeviceToken } from "@/server/auth/jwt";
import { signingKey } from "@/server/auth/keys";
import { login } from "@/server/auth/login";
import { describeOtp, resendOtp, startOtp, verifyOtp, type StartedOtp } from "@/server/auth/otp";
import { resetPassword, startPasswordReset } from "@/server/auth/password-reset";
import { startRegistration } from "@/server/auth/register";
import { openSession, revokeSession, rotateRefreshToken } from "@/server/auth/sessions";
import { userForSocialIdentity } from "@/server/auth/social";
import {
  accessTokenOf,
  clearSessionCookies,
  clientMeta,
  deviceCookie,
  rateLimitIp,
  refreshCookie,
  requireUser,
  setDeviceCookie,
  setSessionCookies,
} from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { toUserOutput, userOutput } from "@/server/http/dto/user";
import { dataEnvelope, errorEnvelope, errorResponses } from "@/server/http/envelope";
import { AppError } from "@/server/core/errors";
import { translateApi } from "@/server/http/i18n";
import { authenticate } from "@/server/auth/sessions";
import { named } from "@/server/http/route-parts";

export const OTP_ROUTE = "/auth/two_factor_authentication";
export const RESET_ROUTE = "/auth/reset_password";
export const HOME_ROUTE = "/dashboard";

const otpOutput = z
  .object({
    token: z.string(),
    route: z.literal(OTP_ROUTE),
    phone: z.string().openapi({ description: "Masked", example: "+98 912 *** 4567" }),
    expires_in: z.number().int().openapi({ description: "Seconds the code stays valid" }),
    resend_in: z.number().int().openapi({ description: "Seconds until a new code may be requested" }),
  })
  .openapi("OtpStep");

const sessionOutput = z
  .object({
    user: userOutput,
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int(),
    refresh_token: z.string().optional().openapi({ description: "Only with X-Token-Delivery: body (API clients)" }),
    route: z.string().openapi({ description: "Where the web app goes next" }),
    needs_phone: z.boolean(),
  })
  .openapi("Session");

const errors = (codes: Record<number, string>) =>
  Object.fromEntries(
    Object.entries(codes).map(([status, description]) => [
      status,
      { description, content: { "application/json": { schema: errorEnvelope } } },
    ]),
  );

function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { required: true, content: { "application/json": { schema } } } };
}

function otpAnswer(otp: StartedOtp) {
  return { token: otp.token, route: OTP_ROUTE, phone: maskPhone(otp.phone), expires_in: otp.expiresIn, resend_in: otp.resendIn } as const;
}

/** Opens a session for the user and answers it: cookies for the browser, tokens in the body for API clients. */
async function signIn(c: Context<AppEnv>, services: Services, user: User, options: { trustDevice?: boolean } = {}) {
  const db = c.get("db");
  const key = await signingKey(db);
  const session = await db.transaction((tx) => openSession(tx, key, user.id, clientMeta(c, services)));
  setSessionCookies(c, session);
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

function commonPasswordMessage(c: Context<AppEnv>): string {
  return translateApi(c.get("locale"), "validation.password_common");
}

const register = createRoute({
  method: "post",
  path: "/auth/register",
  tags: ["Accounts"],
  summary: "Start a registration: a code is texted to the phone",
  request: jsonBody(named(registerInput, "RegisterInput")),
  responses: {
    200: { description: "Code sent", content: { "application/json": { schema: dataEnvelope(z.object({ otp: otpOutput })) } } },
    ...errors({ 409: "User already exists", 429: "Too many codes", 503: "SMS provider failed" }),
    ...errorResponses,
  },
});

const loginRoute = createRoute({
  method: "post",
  path: "/auth/login",
  tags: ["Accounts"],
  summary: "Log in with a phone or e-mail and a password",
  request: jsonBody(named(loginInput, "LoginInput")),
  responses: {
    200: {
      description: "A session (trusted device), or the code step",
      content: { "application/json": { schema: dataEnvelope(z.union([sessionOutput, z.object({ otp: otpOutput })])) } },
    },
    ...errors({ 401: "Credentials incorrect", 429: "Too many codes", 503: "SMS provider failed" }),
    ...errorResponses,
  },
});

const verifyRoute = createRoute({
  method: "post",
  path: "/auth/otp/verify",
  tags: ["Accounts"],
  summary: "Check a code; a right one signs in (or opens the reset-password step)",
  request: jsonBody(named(otpVerifyInput, "OtpVerifyInput")),
  responses: {
    200: {
      description: "Signed in, or the reset-password step",
      content: {
        "application/json": {
          schema: dataEnvelope(
            z.union([sessionOutput, z.object({ reset: z.object({ token: z.string(), route: z.literal(RESET_ROUTE) }) })]),
          ),
        },
      },
    },
    ...errors({ 404: "Unknown code step", 409: "Already used", 410: "Code expired", 429: "Too many tries" }),
    ...errorResponses,
  },
});

const resendRoute = createRoute({
  method: "post",
  path: "/auth/otp/resend",
  tags: ["Accounts"],
  summary: "Send a new code for the same step (after 120 seconds)",
  request: jsonBody(named(otpResendInput, "OtpResendInput")),
  responses: {
    200: { description: "Code sent", content: { "application/json": { schema: dataEnvelope(z.object({ otp: otpOutput })) } } },
    ...errors({ 404: "Unknown code step", 410: "Step finished", 429: "Too soon or too many", 503: "SMS provider failed" }),
    ...errorResponses,
  },
});

const statusRoute = createRoute({
  method: "post",
  path: "/auth/otp/status",
  tags: ["Accounts"],
  summary: "The state of a code step (masked phone, seconds until resend)",
  request: jsonBody(otpStatusInput),
  responses: {
    200: { description: "The step", content: { "application/json": { schema: dataEnvelope(z.object({ otp: otpOutput })) } } },
    ...errors({ 404: "Unknown code step", 409: "Already used" }),
    ...errorResponses,
  },
});

const forgotRoute = createRoute({
  method: "post",
  path: "/auth/forgot-password",
  tags: ["Accounts"],
  summary: "Send a code to the account's phone to reset the password",
  request: jsonBody(named(forgotPasswordInput, "ForgotPasswordInput")),
  responses: {
    200: { description: "Code sent", content: { "application/json": { schema: dataEnvelope(z.object({ otp: otpOutput })) } } },
    ...errors({ 404: "User not found", 429: "Too many codes", 503: "SMS provider failed" }),
    ...errorResponses,
  },
});

const resetRoute = createRoute({
  method: "post",
  path: "/auth/reset-password",
  tags: ["Accounts"],
  summary: "Set a new password after a verified code; every session ends",
  request: jsonBody(named(resetPasswordInput, "ResetPasswordInput")),
  responses: {
    200: { description: "Password changed", content: { "application/json": { schema: dataEnvelope(z.object({ message: z.string() })) } } },
    ...errors({ 401: "No verified code step" }),
    ...errorResponses,
  },
});

const refreshRoute = createRoute({
  method: "post",
  path: "/auth/refresh",
  tags: ["Accounts"],
  summary: "Trade the refresh token (cookie, or body for API clients) for a new pair",
  request: {
    body: { required: false, content: { "application/json": { schema: z.object({ refresh_token: z.string().max(200).optional() }) } } },
  },
  responses: {
    200: {
      description: "New tokens",
      content: {
        "application/json": {
          schema: dataEnvelope(
            z.object({
              access_token: z.string(),
              token_type: z.literal("Bearer"),
              expires_in: z.number(),
              refresh_token: z.string().optional(),
            }),
          ),
        },
      },
    },
    ...errors({ 401: "Session ended" }),
    ...errorResponses,
  },
});

const refreshRedirectRoute = createRoute({
  method: "get",
  path: "/auth/refresh",
  tags: ["Accounts"],
  summary: "Renew the session cookies during a page navigation, then go back to `redirect` (a path on this site)",
  request: { query: z.object({ redirect: z.string().max(2000).optional() }) },
  responses: { 303: { description: "Back to the page" } },
});

const logoutRoute = createRoute({
  method: "post",
  path: "/auth/logout",
  tags: ["Accounts"],
  summary: "End this session",
  responses: {
    200: { description: "Logged out", content: { "application/json": { schema: dataEnvelope(z.object({ message: z.string() })) } } },
  },
});

const googleRoute = createRoute({
  method: "post",
  path: "/auth/google",
  tags: ["Accounts"],
  summary: "Sign in with Google: an ID token (One Tap), a code (popup) or an access token (token flow)",
  request: jsonBody(named(googleLoginInput, "GoogleLoginInput")),
  responses: {
    200: { description: "Signed in", content: { "application/json": { schema: dataEnvelope(sessionOutput) } } },
    ...errors({ 401: "Token rejected", 404: "Not configured", 503: "Google unreachable" }),
    ...errorResponses,
  },
});

const appleRoute = createRoute({
  method: "post",
  path: "/auth/apple",
  tags: ["Accounts"],
  summary: "Sign in with Apple: the identity token and the nonce it was requested with",
  request: jsonBody(named(appleLoginInput, "AppleLoginInput")),
  responses: {
    200: { description: "Signed in", content: { "application/json": { schema: dataEnvelope(sessionOutput) } } },
    ...errors({ 401: "Token rejected", 404: "Not configured", 503: "Apple unreachable" }),
    ...errorResponses,
  },
});

const addPhoneRoute = createRoute({
  method: "post",
  path: "/auth/phone",
  middleware: [requireUser] as const,
  tags: ["Accounts"],
  summary: "A signed-in social account adds its mobile number: a code is texted to it",
  request: jsonBody(named(addPhoneInput, "AddPhoneInput")),
  responses: {
    200: { description: "Code sent", content: { "application/json": { schema: dataEnvelope(z.object({ otp: otpOutput })) } } },
    ...errors({ 401: "Not logged in", 409: "Phone belongs to another account", 429: "Too many codes" }),
    ...errorResponses,
  },
});

async function social(c: Context<AppEnv>, services: Services, provider: "google" | "apple", verify: () => Promise<SocialIdentity>) {
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
  const user = await userForSocialIdentity(c.get("db"), identity, c.get("locale"));
  return signIn(c, services, user);
}

export function authRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(register, async (c) => {
      const otp = await startRegistration(c.get("db"), services.sms, c.req.valid("json"), {
        ip: rateLimitIp(c, services),
        locale: c.get("locale"),
        passwordCommonMessage: commonPasswordMessage(c),
      });
      return c.json({ data: { otp: otpAnswer(otp) } }, 200);
    })
    .openapi(loginRoute, async (c) => {
      const input = c.req.valid("json");
      const outcome = await login(
        c.get("db"),
        services.sms,
        { credential: parseCredential(input.credential)!, password: input.password },
        { ip: rateLimitIp(c, services), deviceToken: deviceCookie(c) },
      );
      if (outcome.kind === "otp") return c.json({ data: { otp: otpAnswer(outcome.otp) } }, 200);
      return c.json({ data: await signIn(c, services, outcome.user) }, 200);
    })
    .openapi(verifyRoute, async (c) => {
      const input = c.req.valid("json");
      const db = c.get("db");
      const challenge = await verifyOtp(db, { token: input.token, code: input.code });
      const completion = await completeOtp(db, challenge, input.token);
      if (completion.kind === "reset") return c.json({ data: { reset: { token: completion.token, route: RESET_ROUTE } } }, 200);
      // A social account verifying its phone is already signed in: keep that session.
      if (challenge.purpose === "verify_phone") {
        const token = accessTokenOf(c);
        const current = token ? await authenticate(db, token) : null;
        if (current?.user.id === completion.user.id) await revokeSession(db, current.sessionId, "replaced");
      }
      return c.json({ data: await signIn(c, services, completion.user, { trustDevice: input.trust_device === true }) }, 200);
    })
    .openapi(resendRoute, async (c) => {
      const otp = await resendOtp(c.get("db"), services.sms, { token: c.req.valid("json").token, ip: rateLimitIp(c, services) });
      return c.json({ data: { otp: otpAnswer(otp) } }, 200);
    })
    .openapi(statusRoute, async (c) => {
      const { token } = c.req.valid("json");
      const { challenge, resendIn } = await describeOtp(c.get("db"), token);
      const expiresIn = Math.max(0, Math.ceil((challenge.expiresAt.getTime() - Date.now()) / 1000));
      return c.json({ data: { otp: otpAnswer({ token, phone: challenge.phone, expiresIn, resendIn }) } }, 200);
    })
    .openapi(forgotRoute, async (c) => {
      const otp = await startPasswordReset(
        c.get("db"),
        services.sms,
        parseCredential(c.req.valid("json").credential)!,
        rateLimitIp(c, services),
      );
      return c.json({ data: { otp: otpAnswer(otp) } }, 200);
    })
    .openapi(resetRoute, async (c) => {
      const input = c.req.valid("json");
      await resetPassword(c.get("db"), input, { ip: rateLimitIp(c, services), passwordCommonMessage: commonPasswordMessage(c) });
      clearSessionCookies(c);
      return c.json({ data: { message: translateApi(c.get("locale"), "messages.password_changed") } }, 200);
    })
    .openapi(refreshRoute, async (c) => {
      let fromBody: string | undefined;
      if (c.req.header("content-type")?.includes("application/json")) fromBody = c.req.valid("json")?.refresh_token;
      const token = fromBody ?? refreshCookie(c);
      const result = token ? await rotateRefreshToken(c.get("db"), token) : { kind: "invalid" as const };
      if (result.kind !== "rotated") {
        clearSessionCookies(c);
        throw new AppError("session_expired");
      }
      setSessionCookies(c, result.session);
      c.header("Cache-Control", "no-store");
      return c.json(
        {
          data: {
            access_token: result.session.accessToken,
            token_type: "Bearer" as const,
            expires_in: result.session.expiresIn,
            ...(fromBody ? { refresh_token: result.session.refreshToken } : {}),
          },
        },
        200,
      );
    })
    .openapi(refreshRedirectRoute, async (c) => {
      const token = refreshCookie(c);
      const result = token ? await rotateRefreshToken(c.get("db"), token) : null;
      if (result?.kind === "rotated") setSessionCookies(c, result.session);
      else clearSessionCookies(c);
      c.header("Cache-Control", "no-store");
      return c.redirect(safeRedirectPath(c.req.valid("query").redirect) ?? "/", 303);
    })
    .openapi(logoutRoute, async (c) => {
      const db = c.get("db");
      const token = accessTokenOf(c);
      const current = token ? await authenticate(db, token) : null;
      if (current) await revokeSession(db, current.sessionId, "logout");
      else {
        const refresh = refreshCookie(c);
        const rotated = refresh ? await rotateRefreshToken(db, refresh) : null;
        if (rotated?.kind === "rotated") await revokeSession(db, rotated.session.sessionId, "logout");
      }
      clearSessionCookies(c);
      return c.json({ data: { message: translateApi(c.get("locale"), "messages.logged_out") } }, 200);
    })
    .openapi(googleRoute, async (c) => {
      const input = c.req.valid("json");
      const google = services.oauth.google;
      const name = translateApi(c.get("locale"), "providers.google");
      if (!google) throw new AppError("social_not_configured", { provider: name });
      return c.json(
        {
          data: await social(c, services, "google", () =>
            input.id_token
              ? google.verifyIdToken(input.id_token)
              : input.code
                ? google.exchangeCode(input.code)
                : google.verifyAccessToken(input.access_token!),
          ),
        },
        200,
      );
    })
    .openapi(appleRoute, async (c) => {
      const input = c.req.valid("json");
      const apple = services.oauth.apple;
      if (!apple) throw new AppError("social_not_configured", { provider: translateApi(c.get("locale"), "providers.apple") });
      return c.json(
        {
          data: await social(c, services, "apple", async () => {
            const identity = await apple.verifyIdToken(input.id_token, input.nonce);
            // Apple sends the name only to the page, on the first sign-in.
            return {
              ...identity,
              firstName: identity.firstName ?? input.first_name ?? null,
              lastName: identity.lastName ?? input.last_name ?? null,
            };
          }),
        },
        200,
      );
    })
    .openapi(addPhoneRoute, async (c) => {
      const user = c.get("user");
      if (user.phoneVerifiedAt) throw new AppError("conflict");
      const otp = await startOtp(c.get("db"), services.sms, {
        purpose: "verify_phone",
        phone: c.req.valid("json").phone,
        userId: user.id,
        ip: rateLimitIp(c, services),
      });
      return c.json({ data: { otp: otpAnswer(otp) } }, 200);
    });
}
