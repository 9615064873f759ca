// The payouts feature's front door: what other features, jobs, the CLI and the composition root may call.
// A feature imports another only through its index.ts (tests/unit/system/layout-rules.test.ts).
export { type IbanOwnerState, checkIbanOwner } from "@/server/payouts/iban-owner";
export { expireMemberships } from "@/server/payouts/membership-expiry";
export { takeSlot } from "@/server/payouts/membership-slots";
export { cheapestPlanPrice, membershipOf, membershipSettlement } from "@/server/payouts/memberships";
export { sendPayoutNotices } from "@/server/payouts/notices";
export { planPerks, releaseAtFor } from "@/server/payouts/perks";
export { type PlanBoughtHook, onPlanBought } from "@/server/payouts/plan-hooks";
export { reconcileRailDays, reconcileSentPayouts, sendApprovedPayouts } from "@/server/payouts/send";
export { REWARD_SETTING, configuredInvitationReward } from "@/server/payouts/settings";
