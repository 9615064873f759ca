import { OpenAPIHono, z } from "@hono/zod-openapi";
import { campaignDecisionOutput, campaignOutput, priceOutput, pricingUpdateInput, reviewQueueQuery } from "@/lib/schemas/campaigns";
import { reviewReasonInput } from "@/lib/schemas/profile";
import { updatePricing } from "@/server/campaigns/pricing";
import { toCampaignOutput, toPriceOutput } from "@/server/campaigns/present";
import { campaignsAwaitingReview } from "@/server/campaigns/review-queue";
import { applyCampaignEvent } from "@/server/campaigns/transitions";
import { rateLimitIp, requireAdmin } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { dataEnvelope } from "@/server/http/envelope";
import { apiRoute, body, err, idParam, json, named, pageOf, listAnswer } from "@/server/http/route-parts";

const rejectCampaignInput = reviewReasonInput();

const adminQueueRoute = apiRoute({
  method: "get",
  path: "/admin/campaigns",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Campaigns awaiting review, oldest first",
  request: { query: reviewQueueQuery },
  responses: { 200: { description: "A page", ...json(pageOf(campaignOutput)) }, 404: err("Not an admin") },
});

const adminDecisionRoute = (decision: "approve" | "reject") =>
  apiRoute({
    method: "post",
    path: `/admin/campaigns/{id}/${decision}`,
    middleware: [requireAdmin] as const,
    tags: ["Admin"],
    summary:
      decision === "approve"
        ? "Approve a campaign (active; the fee goes to revenue)"
        : "Reject a campaign with a reason (its escrow returns to the wallet)",
    request: decision === "reject" ? { params: idParam, ...body(rejectCampaignInput) } : { params: idParam },
    responses: {
      200: { description: "Done", ...json(dataEnvelope(campaignDecisionOutput)) },
      404: err("Not found"),
      409: err("Not awaiting review"),
    },
  });

const adminPricingRoute = apiRoute({
  method: "put",
  path: "/admin/pricing",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Set prices (Rials per action) and boosters' shares; each change is audited",
  request: body(named(pricingUpdateInput, "PricingUpdate")),
  responses: {
    200: { description: "The new prices", ...json(dataEnvelope(z.array(priceOutput))) },
    404: err("Not an admin"),
  },
});

/** The back office's campaign work: the review queue, prices, approve and reject. */
export function adminCampaignRoutes(services: Services) {
  const approve = adminDecisionRoute("approve");
  const reject = adminDecisionRoute("reject");
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
    .openapi(approve, async (c) => {
      const campaign = await applyCampaignEvent(ctxOf(c, services), { campaignId: c.req.valid("param").id, event: "approve" });
      return c.json({ data: { campaign: toCampaignOutput(campaign) } }, 200);
    })
    .openapi(reject, async (c) => {
      const { reason } = c.req.valid("json" as never) as { reason: string };
      const campaign = await applyCampaignEvent(ctxOf(c, services), { campaignId: c.req.valid("param").id, event: "reject", reason });
      return c.json({ data: { campaign: toCampaignOutput(campaign) } }, 200);
    });
}
