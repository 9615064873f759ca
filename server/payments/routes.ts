import { OpenAPIHono } from "@hono/zod-openapi";
import { localizedPath } from "@/lib/i18n/negotiate";
import { isLocale } from "@/lib/i18n/locales";
import { walletEndpoints } from "@/lib/schemas/wallet";
import { decideSandboxPayment } from "@/server/adapters/payments/sandbox";
import { callbackUrl } from "@/server/payments/charge-wallet";
import { payerLocale, sandboxTransaction } from "@/server/payments/lookups";
import { findCallbackTransaction, settlePayment } from "@/server/payments/settle-payment";
import type { AppEnv, Services } from "@/server/http/context";
import { publicOrigin } from "@/server/http/origin";
import { endpointRoute, err } from "@/server/http/route-parts";
import { AppError } from "@/server/core/errors";

const callbackRoute = endpointRoute(walletEndpoints.callback, {
  tags: ["Payments"],
  summary: "Where a gateway sends the payer back: verify with the gateway, settle once, show the result",
  answer: "To /dashboard/payment-result?tx=<id>, in the language the payment began in (`lang`)",
  responses: { 404: err("A payment we never issued (the gateway is not asked)") },
});

const sandboxInfo = endpointRoute(walletEndpoints.sandboxPayment, {
  tags: ["Payments"],
  summary: "Test gateway: the payment shown on its bank page",
  answer: "The payment",
  responses: { 404: err("Unknown") },
});

const sandboxDecision = endpointRoute(walletEndpoints.sandboxDecision, {
  tags: ["Payments"],
  summary: "Test gateway: pay or cancel, then back to our callback",
  answer: "Where the bank page sends the browser",
  responses: { 404: err("Unknown or already settled") },
});

export function paymentRoutes(services: Services) {
  const app = new OpenAPIHono<AppEnv>().openapi(callbackRoute, async (c) => {
    const db = c.get("db");
    const query = new URL(c.req.url).searchParams;
    const found = await findCallbackTransaction({ db }, { gateways: services.gateways, gatewayId: c.req.valid("param").gateway, query });
    const settled = await settlePayment({ db }, { gateways: services.gateways, transaction: found, query });
    // The page the payment began on spoke `lang`; else the account's language; else the returning request's.
    const began = query.get("lang");
    const chosen = began && isLocale(began) ? began : await payerLocale({ db }, { userId: settled.userId });
    const locale = chosen && isLocale(chosen) ? chosen : c.get("locale");
    c.header("Cache-Control", "no-store");
    return c.redirect(`${localizedPath(locale, "/dashboard/payment-result")}?tx=${settled.id}`, 303);
  });
  if (!services.gateways.has("sandbox")) return app;
  return app
    .openapi(sandboxInfo, async (c) => {
      const row = await sandboxTransaction({ db: c.get("db") }, { authority: c.req.valid("param").authority });
      if (!row) throw new AppError("payment_not_found");
      return c.json({ data: { authority: row.authority!, amount: row.amount, status: row.status } }, 200);
    })
    .openapi(sandboxDecision, async (c) => {
      const { authority } = c.req.valid("param");
      const decided = await decideSandboxPayment(c.get("db"), authority, c.req.valid("json").decision === "pay" ? "paid" : "cancelled");
      if (!decided) throw new AppError("payment_not_found");
      const status = c.req.valid("json").decision === "pay" ? "OK" : "NOK";
      return c.json(
        {
          data: {
            redirect_url: `${callbackUrl(publicOrigin(c.req.url), "sandbox", decided.id, c.get("locale"))}&Authority=${authority}&Status=${status}`,
          },
        },
        200,
      );
    });
}
