import { OpenAPIHono } from "@hono/zod-openapi";
import { codeStepOutput, forgotPasswordInput, messageOutput, parseCredential, resetPasswordInput } from "@/lib/schemas/auth";
import { resetPassword, startPasswordReset } from "@/server/auth/password-reset";
import { clearSessionCookies } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { dataEnvelope } from "@/server/http/envelope";
import { translateApi } from "@/server/http/i18n";
import { apiRoute, body, errs, json, named } from "@/server/http/route-parts";
import { otpAnswer, signInCtx } from "./sign-in";

const forgotRoute = apiRoute({
  method: "post",
  path: "/auth/forgot-password",
  tags: ["Accounts"],
  summary: "Send a code to the account's phone to reset the password",
  request: body(named(forgotPasswordInput, "ForgotPasswordInput")),
  responses: {
    200: { description: "Code sent", ...json(dataEnvelope(codeStepOutput)) },
    ...errs({ 404: "User not found", 429: "Too many codes", 503: "SMS provider failed" }),
  },
});

const resetRoute = apiRoute({
  method: "post",
  path: "/auth/reset-password",
  tags: ["Accounts"],
  summary: "Set a new password after a verified code; every session ends",
  request: body(named(resetPasswordInput, "ResetPasswordInput")),
  responses: {
    200: { description: "Password changed", ...json(dataEnvelope(messageOutput)) },
    ...errs({ 401: "No verified code step" }),
  },
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
