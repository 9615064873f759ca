import { OpenAPIHono } from "@hono/zod-openapi";
import { authEndpoints, RESET_ROUTE } from "@/lib/schemas/auth";
import { completeOtp } from "@/server/auth/complete-otp";
import { describeOtp, resendOtp, verifyOtp } from "@/server/auth/otp";
import { authenticate, revokeSession } from "@/server/auth/sessions";
import { accessTokenOf } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { endpointRoute, errs } from "@/server/http/route-parts";
import { otpAnswer, signIn, signInCtx } from "./sign-in";

const verifyRoute = endpointRoute(authEndpoints.verifyOtp, {
  tags: ["Accounts"],
  summary: "Check a code; a right one signs in (or opens the reset-password step)",
  bodyName: "OtpVerifyInput",
  answer: "Signed in, or the reset-password step",
  responses: errs({ 404: "Unknown code step", 409: "Already used", 410: "Code expired", 429: "Too many tries" }),
});

const resendRoute = endpointRoute(authEndpoints.resendOtp, {
  tags: ["Accounts"],
  summary: "Send a new code for the same step (after 120 seconds)",
  bodyName: "OtpResendInput",
  answer: "Code sent",
  responses: errs({ 404: "Unknown code step", 410: "Step finished", 429: "Too soon or too many", 503: "SMS provider failed" }),
});

const statusRoute = endpointRoute(authEndpoints.otpStatus, {
  tags: ["Accounts"],
  summary: "The state of a code step (masked phone, seconds until resend)",
  answer: "The step",
  responses: errs({ 404: "Unknown code step", 409: "Already used" }),
});

/** The code step: check a code, send another, describe the step. */
export function otpRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(verifyRoute, async (c) => {
      const input = c.req.valid("json");
      const db = c.get("db");
      const challenge = await verifyOtp({ db }, { token: input.token, code: input.code });
      const completion = await completeOtp({ db }, { challenge, token: input.token });
      if (completion.kind === "reset")
        return c.json({ data: { reset: { token: completion.token, route: RESET_ROUTE as typeof RESET_ROUTE } } }, 200);
      // A social account verifying its phone is already signed in: keep that session.
      if (challenge.purpose === "verify_phone") {
        const token = accessTokenOf(c);
        const current = token ? await authenticate({ db }, { accessToken: token }) : null;
        if (current?.user.id === completion.user.id) await revokeSession({ db }, { sessionId: current.sessionId, reason: "replaced" });
      }
      return c.json({ data: await signIn(c, services, completion.user, { trustDevice: input.trust_device === true }) }, 200);
    })
    .openapi(resendRoute, async (c) => {
      const otp = await resendOtp(signInCtx(c, services), { token: c.req.valid("json").token });
      return c.json({ data: { otp: otpAnswer(otp) } }, 200);
    })
    .openapi(statusRoute, async (c) => {
      const { token } = c.req.valid("json");
      const { challenge, resendIn } = await describeOtp({ db: c.get("db") }, { token });
      const expiresIn = Math.max(0, Math.ceil((challenge.expiresAt.getTime() - Date.now()) / 1000));
      return c.json({ data: { otp: otpAnswer({ token, phone: challenge.phone, expiresIn, resendIn }) } }, 200);
    });
}
