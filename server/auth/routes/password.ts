import { OpenAPIHono } from "@hono/zod-openapi";
import { authEndpoints, parseCredential } from "@/lib/schemas/auth";
import { resetPassword, startPasswordReset } from "@/server/auth/password-reset";
import { clearSessionCookies } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { translateApi } from "@/server/http/i18n";
import { endpointRoute, errs } from "@/server/http/route-parts";
import { otpAnswer, signInCtx } from "./sign-in";

const forgotRoute = endpointRoute(authEndpoints.forgotPassword, {
  tags: ["Accounts"],
  summary: "Send a code to the account's phone to reset the password",
  bodyName: "ForgotPasswordInput",
  answer: "Code sent",
  responses: errs({ 404: "User not found", 429: "Too many codes", 503: "SMS provider failed" }),
});

const resetRoute = endpointRoute(authEndpoints.resetPassword, {
  tags: ["Accounts"],
  summary: "Set a new password after a verified code; every session ends",
  bodyName: "ResetPasswordInput",
  answer: "Password changed",
  responses: errs({ 401: "No verified code step" }),
});

/** A forgotten password: a code to the phone, then the new password. */
export function passwordRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(forgotRoute, async (c) => {
      const otp = await startPasswordReset(signInCtx(c, services), { credential: parseCredential(c.req.valid("json").credential)! });
      return c.json({ data: { otp: otpAnswer(otp) } }, 200);
    })
    .openapi(resetRoute, async (c) => {
      const input = c.req.valid("json");
      await resetPassword(signInCtx(c, services), input);
      clearSessionCookies(c);
      return c.json({ data: { message: translateApi(c.get("locale"), "messages.password_changed") } }, 200);
    });
}
