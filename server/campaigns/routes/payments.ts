import { OpenAPIHono } from "@hono/zod-openapi";
import { campaignEndpoints } from "@/lib/schemas/campaigns";
import { campaignPayments } from "@/server/campaigns/list-payments";
import { payCampaignFromWallet } from "@/server/campaigns/pay-from-wallet";
import { toCampaignOutput } from "@/server/campaigns/present";
import { visibleCampaign } from "@/server/campaigns/queries";
import { toTransactionOutput } from "@/server/payments";
import { requirePayer, requireUser } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/context";
import { idempotencyHeaders, idempotent } from "@/server/http/idempotency";
import { translateApi } from "@/server/http/i18n";
import { endpointRoute, err, listAnswer } from "@/server/http/route-parts";

const paymentsRoute = endpointRoute(campaignEndpoints.payments, {
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "The campaign's payments",
  answer: "A page",
  responses: { 404: err("Not found") },
});

const payRoute = endpointRoute(campaignEndpoints.pay, {
  middleware: [requirePayer, idempotent] as const,
  tags: ["Campaigns"],
  summary: "Pay a campaign awaiting payment from the wallet, in place of one of its pending or failed gateway payments",
  description:
    "A new paid wallet payment is made and the money moves from the wallet to the campaign's escrow; the gateway payment is left as it is (should the gateway still report it paid, that money goes to the wallet).",
  request: { headers: idempotencyHeaders },
  bodyName: "PayCampaignInput",
  answer: "Paid: the new payment and the campaign, now awaiting review",
  responses: {
    401: err("Unauthorized operation (not logged in, or not the campaign's owner)"),
    403: err("Transaction already paid (or the campaign is), or insufficient wallet balance"),
    404: err("Campaign or transaction not found"),
  },
});

/** A campaign's payments: the list, and paying it from the wallet in place of a gateway payment. */
export function campaignPaymentRoutes() {
  return new OpenAPIHono<AppEnv>()
    .openapi(paymentsRoute, async (c) => {
      const campaign = await visibleCampaign({ db: c.get("db") }, { viewer: c.get("user"), id: c.req.valid("param").id });
      const query = c.req.valid("query");
      const found = await campaignPayments(
        { db: c.get("db") },
        { campaignId: campaign.id, status: query.status, page: query.page, perPage: query.per_page },
      );
      return c.json(listAnswer(query, found, toTransactionOutput), 200);
    })
    .openapi(payRoute, async (c) => {
      const { id, transactionId } = c.req.valid("param");
      // 404 for someone else's campaign before anything is locked (checked again under the lock).
      await visibleCampaign({ db: c.get("db") }, { viewer: c.get("user"), id });
      const paid = await payCampaignFromWallet({ db: c.get("db"), actor: c.get("user") }, { campaignId: id, transactionId });
      return c.json(
        {
          data: {
            transaction: toTransactionOutput(paid.transaction),
            campaign: toCampaignOutput(paid.campaign),
            message: translateApi(c.get("locale"), "messages.campaign_payment_completed"),
          },
        },
        200,
      );
    });
}
