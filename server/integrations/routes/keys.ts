import { OpenAPIHono } from "@hono/zod-openapi";
import { apiKeyOutput, integrationEndpoints } from "@/lib/schemas/integrations";
import { requireUser } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { errorResponses } from "@/server/http/envelope";
import { components, endpointRoute, err } from "@/server/http/route-parts";
import { createApiKey, listApiKeys, revokeApiKey } from "@/server/integrations/keys";
import { toApiKeyOutput } from "@/server/integrations/present";

components({ ApiKey: apiKeyOutput });

// Keys are managed with a signed-in session only: a key is never accepted here (requireUser answers
// api_key_not_accepted to one), so a leaked key cannot make itself more keys.
const listRoute = endpointRoute(integrationEndpoints.keys, {
  middleware: [requireUser] as const,
  tags: ["Integrations"],
  summary: "The member's API keys, newest first (never their secrets)",
  answer: "The keys",
  responses: { ...errorResponses },
});
const createRouteDef = endpointRoute(integrationEndpoints.createKey, {
  middleware: [requireUser] as const,
  tags: ["Integrations"],
  summary: "Create an API key: a name, scopes, an optional expiry and address allow-list. Its secret is answered this once; audited",
  bodyName: "CreateApiKeyInput",
  answer: "The key and its secret (shown once)",
  responses: { 409: err("api_keys_limit: the most keys in force are held (params.max)") },
});
const revokeRoute = endpointRoute(integrationEndpoints.revokeKey, {
  middleware: [requireUser] as const,
  tags: ["Integrations"],
  summary: "Revoke one of the member's keys: refused at once on every instance (again: done); audited",
  answer: "Revoked",
  responses: { 404: err("Not found (not the caller's key)") },
});

/** API keys (issue 36): list, create (secret once), revoke. */
export function apiKeyRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const keys = await listApiKeys({ db: c.get("db") }, { userId: c.get("user").id });
      return c.json({ data: keys.map((key) => toApiKeyOutput(key)) }, 200);
    })
    .openapi(createRouteDef, async (c) => {
      const created = await createApiKey(ctxOf(c, services), { request: c.req.valid("json") });
      return c.json({ data: { key: toApiKeyOutput(created.key), secret: created.secret } }, 201);
    })
    .openapi(revokeRoute, async (c) => {
      await revokeApiKey(ctxOf(c, services), { id: c.req.valid("param").id });
      return c.body(null, 204);
    });
}
