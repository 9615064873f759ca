import { screen, within } from "@testing-library/react";
import type { WebhookDeliveryView, WebhookView } from "@/lib/api/webhooks";
import { fakeApi, jsonResponse, ok, on, type Answer, type ApiCall } from "../support/api";

/** Webhook endpoints and deliveries as the API answers them, and the webhooks' API faked over them. */

export const LONG_URL = `https://receiver.example.com/takapoo/webhooks/${"a".repeat(120)}`;
export const active: WebhookView = {
  id: "0190f0a0-0000-7000-8000-0000000000c1",
  url: "https://example.com/takapoo/webhooks",
  events: ["campaign.approved", "units.delivered"],
  state: "active",
  created_at: "2026-11-01T08:00:00.000Z",
  failing_since: null,
  disabled_at: null,
};
export const failing: WebhookView = {
  ...active,
  id: "0190f0a0-0000-7000-8000-0000000000c2",
  url: LONG_URL,
  events: ["wallet.low"],
  failing_since: "2026-11-05T09:30:00.000Z",
};
export const disabled: WebhookView = {
  ...active,
  id: "0190f0a0-0000-7000-8000-0000000000c3",
  url: "https://old.example.com/hook",
  state: "disabled",
  failing_since: "2026-11-03T08:00:00.000Z",
  disabled_at: "2026-11-04T08:00:00.000Z",
};

export const delivered: WebhookDeliveryView = {
  id: "0190f0a0-0000-7000-8000-0000000000d1",
  event: "campaign.approved",
  state: "delivered",
  attempts: 1,
  last_status: 200,
  last_error: null,
  created_at: "2026-11-05T08:00:00.000Z",
  next_attempt_at: null,
  delivered_at: "2026-11-05T08:00:01.000Z",
  payload: {},
};
export const failed: WebhookDeliveryView = {
  ...delivered,
  id: "0190f0a0-0000-7000-8000-0000000000d2",
  event: "units.delivered",
  state: "failed",
  attempts: 9,
  last_status: 500,
  last_error: "certificate has expired",
  delivered_at: null,
};
export const timedOut: WebhookDeliveryView = {
  ...failed,
  id: "0190f0a0-0000-7000-8000-0000000000d3",
  event: "ping",
  state: "pending",
  attempts: 2,
  last_status: null,
  last_error: "timeout",
  next_attempt_at: "2026-11-05T08:10:00.000Z",
};

export const SECRET = "whsec_3q2N7w1bq8yHn0Vt5Rz3Lw9Pj4Ds6Fa2Ge8Ku1Io";
const page = (rows: WebhookDeliveryView[], total = rows.length) =>
  jsonResponse(200, { data: rows, meta: { page: 1, per_page: 10, total } });

/**
 * The webhooks' API over the endpoints it keeps: registering adds one (or answers `create`), deleting
 * removes one, enabling makes one active; each endpoint's log is `logs[id]` (a function is read at each request).
 */
export function webhooksApi(
  rows: WebhookView[],
  {
    create,
    logs = {},
  }: { create?: (call: ApiCall) => Answer; logs?: Record<string, WebhookDeliveryView[] | (() => WebhookDeliveryView[])> } = {},
) {
  let endpoints = [...rows];
  const log = (id: string) => {
    const entry = logs[id] ?? [];
    return typeof entry === "function" ? entry() : entry;
  };
  return fakeApi(
    on("GET", "/api/integrations/webhooks", () => ok(endpoints)),
    on("POST", "/api/integrations/webhooks", (_url, call) => {
      if (create) return create(call);
      const body = call.body as { url: string; events: WebhookView["events"] };
      const webhook: WebhookView = { ...active, id: "0190f0a0-0000-7000-8000-0000000000e1", url: body.url, events: body.events };
      endpoints = [webhook, ...endpoints];
      return ok({ webhook, secret: SECRET }, 201);
    }),
    on("DELETE", /^\/api\/integrations\/webhooks\/[^/]+$/, (url) => {
      endpoints = endpoints.filter((endpoint) => endpoint.id !== url.pathname.split("/").at(-1));
      return new Response(null, { status: 204 });
    }),
    on("POST", /\/enable$/, (url) => {
      const id = url.pathname.split("/").at(-2);
      endpoints = endpoints.map((endpoint) =>
        endpoint.id === id ? { ...endpoint, state: "active", failing_since: null, disabled_at: null } : endpoint,
      );
      return ok(endpoints.find((endpoint) => endpoint.id === id));
    }),
    on("POST", /\/ping$/, () => ok({ ...timedOut, attempts: 0, last_error: null }, 201)),
    on("POST", /\/resend$/, (url) => ok(log(url.pathname.split("/").at(-3)!).find((row) => row.id === url.pathname.split("/").at(-2))!)),
    on("GET", /\/deliveries$/, (url) => page(log(url.pathname.split("/").at(-2)!))),
  );
}

/** The list's entry for the endpoint at `url`, once it is there. */
export const row = async (url: string) => (await within(await screen.findByTestId("webhook-list")).findByText(url)).closest("li")!;
