import { OpenAPIHono } from "@hono/zod-openapi";
import { checklistOutput, onboardingEndpoints } from "@/lib/schemas/onboarding";
import { requireUser } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/context";
import { errorResponses } from "@/server/http/envelope";
import { components, endpointRoute } from "@/server/http/route-parts";
import { checklistOf } from "./checklist";

components({ Checklist: checklistOutput });

const checklistRoute = endpointRoute(onboardingEndpoints.checklist, {
  middleware: [requireUser] as const,
  tags: ["Profile"],
  summary:
    "The caller's first steps as a producer (charge, campaign, approval, delivery) and as a booster (profile, identity, YouTube, task, release, plan, payout), with this installation's figures",
  answer: "The checklist",
  responses: { ...errorResponses },
});

/** Getting started (issue 34): the dashboard's checklists. */
export function onboardingRoutes() {
  return new OpenAPIHono<AppEnv>().openapi(checklistRoute, async (c) =>
    c.json({ data: await checklistOf({ db: c.get("db") }, { user: c.get("user") }) }, 200),
  );
}
