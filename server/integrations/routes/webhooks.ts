import { OpenAPIHono } from "@hono/zod-openapi";
import { webhookDeliveryOutput, webhookEndpoints, webhookOutput } from "@/lib/schemas/webhooks";
import { requireUser } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { components, endpointRoute, err, listAnswer } from "@/server/http/route-parts";
import { kickWebhooks } from "@/server/integrations/webhooks/deliver";
import {
  createWebhook,
  enableWebhook,
  listDeliveries,
  listWebhooks,
  pingWebhook,
  removeWebhook,
  resendDelivery,
} from "@/server/integrations/webhooks/endpoints";
import { toWebhookDeliveryOutput, toWebhookOutput } from "@/server/integrations/present";

components({ WebhookEndpoint: webhookOutput, WebhookDelivery: webhookDeliveryOutput });

// Endpoints are managed with a signed-in session only (requireUser refuses an API key), as keys are.
const tags = ["Integrations"];
const notYours = { 404: err("Not found (not the caller's endpoint)") };
const listRoute = endpointRoute(webhookEndpoints.list, {
  middleware: [requireUser] as const,
  tags,
  summary: "The member's webhook endpoints, newest first (never their secrets)",
  answer: "The endpoints",
});
const createRouteDef = endpointRoute(webhookEndpoints.create, {
  middleware: [requireUser] as const,
  tags,
  summary:
    "Register a webhook endpoint: its address and the events it hears. Its signing secret is answered this once. An address resolving into a loopback, private or link-local range is refused (422 webhook_address_refused)",
  bodyName: "CreateWebhookInput",
  answer: "The endpoint and its signing secret (shown once)",
  responses: { 409: err("webhooks_limit: the most endpoints are registered (params.max)") },
});
const removeRoute = endpointRoute(webhookEndpoints.remove, {
  middleware: [requireUser] as const,
  tags,
  summary: "Delete an endpoint and its delivery log: nothing more is sent to it",
  answer: "Deleted",
  responses: notYours,
});
const enableRoute = endpointRoute(webhookEndpoints.enable, {
  middleware: [requireUser] as const,
  tags,
  summary: "Enable an endpoint disabled after 24 hours of failures (its failures forgotten)",
  answer: "The endpoint",
  responses: notYours,
});
const pingRoute = endpointRoute(webhookEndpoints.ping, {
  middleware: [requireUser] as const,
  tags,
  summary: "Send a signed `ping` delivery to the endpoint now, to try the receiver",
  answer: "The delivery, pending: its outcome shows in the delivery log",
  responses: { ...notYours, 409: err("conflict: the endpoint is disabled (enable it first)") },
});
const deliveriesRoute = endpointRoute(webhookEndpoints.deliveries, {
  middleware: [requireUser] as const,
  tags,
  summary: "An endpoint's delivery log, newest first: each delivery's state, attempts, last answer and body",
  answer: "A page of deliveries",
  responses: notYours,
});
const resendRoute = endpointRoute(webhookEndpoints.resend, {
  middleware: [requireUser] as const,
  tags,
  summary: "Deliver one again now: the same id and body, a new signature, its 24 hours of retries started again",
  answer: "The delivery, pending",
  responses: { ...notYours, 409: err("conflict: the endpoint is disabled, or an attempt of this delivery is under way") },
});

/** Webhooks (issue 36 item 4): endpoints, a test delivery, the delivery log and resending. */
export function webhookRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const endpoints = await listWebhooks({ db: c.get("db") }, { userId: c.get("user").id });
      return c.json({ data: endpoints.map(toWebhookOutput) }, 200);
    })
    .openapi(createRouteDef, async (c) => {
      const created = await createWebhook(ctxOf(c, services), { request: c.req.valid("json") });
      return c.json({ data: { webhook: toWebhookOutput(created.endpoint), secret: created.secret } }, 201);
    })
    .openapi(removeRoute, async (c) => {
      await removeWebhook(ctxOf(c, services), { id: c.req.valid("param").id });
      return c.body(null, 204);
    })
    .openapi(enableRoute, async (c) => {
      const endpoint = await enableWebhook(ctxOf(c, services), { id: c.req.valid("param").id });
      return c.json({ data: toWebhookOutput(endpoint) }, 200);
    })
    .openapi(pingRoute, async (c) => {
      const delivery = await pingWebhook(ctxOf(c, services), { id: c.req.valid("param").id });
      kickWebhooks(c.get("db"), services.webhooks);
      return c.json({ data: toWebhookDeliveryOutput(delivery) }, 201);
    })
    .openapi(deliveriesRoute, async (c) => {
      const query = c.req.valid("query");
      const { id } = c.req.valid("param");
      const found = await listDeliveries({ db: c.get("db") }, { userId: c.get("user").id, id, page: query.page, perPage: query.per_page });
      return c.json(listAnswer(query, found, toWebhookDeliveryOutput), 200);
    })
    .openapi(resendRoute, async (c) => {
      const delivery = await resendDelivery(ctxOf(c, services), c.req.valid("param"));
      kickWebhooks(c.get("db"), services.webhooks);
      return c.json({ data: toWebhookDeliveryOutput(delivery) }, 200);
    });
}
