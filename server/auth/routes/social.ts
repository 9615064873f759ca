import { OpenAPIHono } from "@hono/zod-openapi";
import { authEndpoints } from "@/lib/schemas/auth";
import { startOtp } from "@/server/auth/otp";
import { requireUser } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { AppError } from "@/server/core/errors";
import { translateApi } from "@/server/http/i18n";
import { endpointRoute, errs } from "@/server/http/route-parts";
import { otpAnswer, signInCtx, social } from "./sign-in";

const googleRoute = endpointRoute(authEndpoints.google, {
  tags: ["Accounts"],
  summary: "Sign in with Google: an ID token (One Tap), a code (popup) or an access token (token flow)",
  bodyName: "GoogleLoginInput",
  answer: "Signed in",
  responses: errs({ 401: "Token rejected", 404: "Not configured", 503: "Google unreachable" }),
});

const appleRoute = endpointRoute(authEndpoints.apple, {
  tags: ["Accounts"],
  summary: "Sign in with Apple: the identity token and the nonce it was requested with",
  bodyName: "AppleLoginInput",
  answer: "Signed in",
  responses: errs({ 401: "Token rejected", 404: "Not configured", 503: "Apple unreachable" }),
});

const addPhoneRoute = endpointRoute(authEndpoints.addPhone, {
  middleware: [requireUser] as const,
  tags: ["Accounts"],
  summary: "A signed-in social account adds its mobile number: a code is texted to it",
  bodyName: "AddPhoneInput",
  answer: "Code sent",
  responses: errs({ 401: "Not logged in", 409: "Phone belongs to another account", 429: "Too many codes" }),
});

/** Google and Apple sign-in, and the mobile number a social account adds. */
export function socialRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
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
      const otp = await startOtp(signInCtx(c, services), { purpose: "verify_phone", phone: c.req.valid("json").phone, userId: user.id });
      return c.json({ data: { otp: otpAnswer(otp) } }, 200);
    });
}
