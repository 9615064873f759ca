// The campaigns feature's front door: what other features, jobs, the CLI and the composition root may call.
// A feature imports another only through its index.ts (tests/unit/system/layout-rules.test.ts).
export { loadPricing } from "@/server/campaigns/pricing";
export { renewMonthlyBudgets } from "@/server/campaigns/monthly";
export { topUpSettlement } from "@/server/campaigns/top-up";
export { visibleCampaign } from "@/server/campaigns/queries";
export { applyCampaignEvent, campaignSettlement, completeEndedCampaigns, refundEscrow } from "@/server/campaigns/transitions";
export { createCampaign } from "@/server/campaigns/create-campaign";
export { toCampaignOutput, toPriceOutput } from "@/server/campaigns/present";
