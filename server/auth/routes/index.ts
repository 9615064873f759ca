import { OpenAPIHono } from "@hono/zod-openapi";
import { otpOutput, sessionOutput, userOutput } from "@/lib/schemas/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { components } from "@/server/http/route-parts";
import { accountRoutes } from "./accounts";
import { otpRoutes } from "./otp";
import { passwordRoutes } from "./password";
import { sessionRoutes } from "./session";
import { socialRoutes } from "./social";

export { HOME_ROUTE, OTP_ROUTE, RESET_ROUTE } from "@/lib/schemas/auth";

components({ User: userOutput, OtpStep: otpOutput, Session: sessionOutput });

/** The accounts feature's routes, in the order they were always registered (one file per step of signing in). */
export function authRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .route("/", accountRoutes(services))
    .route("/", otpRoutes(services))
    .route("/", passwordRoutes(services))
    .route("/", sessionRoutes())
    .route("/", socialRoutes(services));
}
