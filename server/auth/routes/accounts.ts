import { OpenAPIHono } from "@hono/zod-openapi";
import { authEndpoints, parseCredential } from "@/lib/schemas/auth";
import { login } from "@/server/auth/login";
import { startRegistration } from "@/server/auth/register";
import { deviceCookie } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { endpointRoute, errs } from "@/server/http/route-parts";
import { otpAnswer, signIn, signInCtx } from "./sign-in";

const register = endpointRoute(authEndpoints.register, {
  tags: ["Accounts"],
  summary: "Start a registration: a code is texted to the phone",
  bodyName: "RegisterInput",
  answer: "Code sent",
  responses: errs({ 409: "User already exists", 429: "Too many codes", 503: "SMS provider failed" }),
});

const loginRoute = endpointRoute(authEndpoints.login, {
  tags: ["Accounts"],
  summary: "Log in with a phone or e-mail and a password",
  bodyName: "LoginInput",
  answer: "A session (trusted device), or the code step",
  responses: errs({ 401: "Credentials incorrect", 429: "Too many codes", 503: "SMS provider failed" }),
});

/** Registration and password sign-in. */
export function accountRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(register, async (c) => {
      const otp = await startRegistration(signInCtx(c, services), c.req.valid("json"));
      return c.json({ data: { otp: otpAnswer(otp) } }, 200);
    })
    .openapi(loginRoute, async (c) => {
      const input = c.req.valid("json");
      const outcome = await login(signInCtx(c, services), {
        credential: parseCredential(input.credential)!,
        password: input.password,
        deviceToken: deviceCookie(c),
      });
      if (outcome.kind === "otp") return c.json({ data: { otp: otpAnswer(outcome.otp) } }, 200);
      return c.json({ data: await signIn(c, services, outcome.user) }, 200);
    });
}
