import { OpenAPIHono } from "@hono/zod-openapi";
import { campaignEndpoints } from "@/lib/schemas/campaigns";
import { updatePricing } from "@/server/campaigns/pricing";
import { toCampaignOutput, toPriceOutput } from "@/server/campaigns/present";
import { campaignsAwaitingReview } from "@/server/campaigns/review-queue";
import { applyCampaignEvent } from "@/server/campaigns/transitions";
import { rateLimitIp, requireAdmin } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { endpointRoute, err, listAnswer } from "@/server/http/route-parts";

const adminQueueRoute = endpointRoute(campaignEndpoints.reviewQueue, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Campaigns awaiting review, oldest first",
  answer: "A page",
  responses: { 404: err("Not an admin") },
});

const decisionResponses = { 404: err("Not found"), 409: err("Not awaiting review") };

const approveRoute = endpointRoute(campaignEndpoints.approve, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Approve a campaign (active; the fee goes to revenue)",
  answer: "Done",
  responses: decisionResponses,
});

const rejectRoute = endpointRoute(campaignEndpoints.reject, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Reject a campaign with a reason (its escrow returns to the wallet)",
  answer: "Done",
  responses: decisionResponses,
});

const adminPricingRoute = endpointRoute(campaignEndpoints.updatePricing, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Set prices (Rials per action) and boosters' shares; each change is audited",
  bodyName: "PricingUpdate",
  answer: "The new prices",
  responses: { 404: err("Not an admin") },
});

/** The back office's campaign work: the review queue, prices, approve and reject. */
export function adminCampaignRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(adminQueueRoute, async (c) => {
      const query = c.req.valid("query");
      const found = await campaignsAwaitingReview({ db: c.get("db") }, { page: query.page, perPage: query.per_page });
      return c.json(listAnswer(query, found, toCampaignOutput), 200);
    })
    .openapi(adminPricingRoute, async (c) => {
      const prices = await updatePricing(
        { db: c.get("db") },
        { admin: c.get("user"), changes: c.req.valid("json").prices, ip: rateLimitIp(c, services) },
      );
      return c.json({ data: prices.map(toPriceOutput) }, 200);
    })
    .openapi(approveRoute, async (c) => {
      const campaign = await applyCampaignEvent(ctxOf(c, services), { campaignId: c.req.valid("param").id, event: "approve" });
      return c.json({ data: { campaign: toCampaignOutput(campaign) } }, 200);
    })
    .openapi(rejectRoute, async (c) => {
      const { reason } = c.req.valid("json");
      const campaign = await applyCampaignEvent(ctxOf(c, services), { campaignId: c.req.valid("param").id, event: "reject", reason });
      return c.json({ data: { campaign: toCampaignOutput(campaign) } }, 200);
    });
}
