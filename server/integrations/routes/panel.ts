import { OpenAPIHono } from "@hono/zod-openapi";
import { apiRoute } from "@/server/http/route-parts";
import type { Context } from "hono";
import { z } from "zod";
import { PANEL_STATUS_MAX_IDS, panelInput, panelOutput } from "@/lib/schemas/integrations";
import { AppError } from "@/server/core/errors";
import { translateApi } from "@/server/http/i18n";
import type { AppEnv, Services } from "@/server/http/context";
import { balancesOf } from "@/server/ledger";
import { loadPricing } from "@/server/campaigns";
import { ownCampaigns, PANEL_CURRENCY, panelOrderStatus, panelServices } from "@/server/integrations/panel";
import { keyCallerOf } from "@/server/integrations/routes/key-auth";

const panelRoute = apiRoute({
  method: "post",
  path: "/v2",
  tags: ["Integrations"],
  summary:
    "The engagement panels' API v2 for reseller software: an API key (the `key` field, or `Authorization: Bearer tk_…`) and an action (services, balance, status). " +
    "Every answer the panels know is 200, a refusal (a key that does not work, an unknown order or action) as { error } in English; amounts in Rials (IRR) as strings. " +
    "A body the contract refuses (a control character, malformed JSON) is answered as everywhere else",
  request: {
    body: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": { schema: panelInput },
        "application/json": { schema: panelInput },
      },
    },
  },
  responses: {
    200: { description: "The answer, or { error } (the panels' convention)", content: { "application/json": { schema: panelOutput } } },
  },
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fields as validated from the form or the JSON (both validators run; the one the content type names is read). */
const valid = (c: Context<AppEnv>, target: "json" | "form") => (c.req.valid as (target: "json" | "form") => unknown)(target);

async function answer(c: Context<AppEnv>, services: Pick<Services, "socketAddress">): Promise<unknown> {
  const json = (c.req.header("content-type") ?? "").includes("json");
  const parsed = panelInput.safeParse((json ? valid(c, "json") : valid(c, "form")) ?? {});
  if (!parsed.success) throw new AppError("bad_request");
  const { key, action, order, orders } = parsed.data;
  const db = c.get("db");
  const caller = await keyCallerOf(c, services, { scope: "read", secret: key });
  if (action === "services") return panelServices(await loadPricing({ db }));
  if (action === "balance") {
    const { wallet } = await balancesOf({ db }, { userId: caller.userId });
    return { balance: String(wallet), currency: PANEL_CURRENCY };
  }
  if (action === "status" && order !== undefined) {
    const [campaign] = UUID.test(order) ? await ownCampaigns({ db }, { userId: caller.userId, ids: [order] }) : [];
    if (!campaign) return { error: "Incorrect order ID" };
    return panelOrderStatus(campaign);
  }
  if (action === "status" && orders !== undefined) {
    const ids = [
      ...new Set(
        orders
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0 || ids.length > PANEL_STATUS_MAX_IDS) throw new AppError("bad_request");
    const found = new Map(
      (await ownCampaigns({ db }, { userId: caller.userId, ids: ids.filter((id) => UUID.test(id)) })).map((row) => [row.id, row]),
    );
    return Object.fromEntries(
      ids.map((id) => {
        const campaign = found.get(id);
        return [id, campaign ? panelOrderStatus(campaign) : { error: "Incorrect order ID" }];
      }),
    );
  }
  throw new AppError("bad_request");
}

/**
 * POST /api/v2 (issue 36): the panels' convention, so existing reseller software can point at Takapoo.
 * A refusal is still HTTP 200, `{ "error": "…" }` in English (the software shows it as is).
 */
export function panelRoutes(services: Pick<Services, "socketAddress">) {
  return new OpenAPIHono<AppEnv>().openapi(panelRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    try {
      return c.json((await answer(c, services)) as z.infer<typeof panelOutput>, 200);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const message = error.code === "bad_request" ? "Incorrect request" : translateApi("en-US", `errors.${error.code}`, error.params);
      return c.json({ error: message }, 200);
    }
  });
}
