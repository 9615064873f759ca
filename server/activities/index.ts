// The activities feature's front door: what other features, jobs, the CLI and the composition root may call.
// A feature imports another only through its index.ts (tests/unit/system/layout-rules.test.ts).
export { boosterNameOf } from "@/server/activities/booster-name";
export { approveOverdue } from "@/server/activities/deadline";
export { toActivityOutput } from "@/server/activities/present";
export { nextReleaseAt, type Recheck, recheckEach, releaseDueRewards } from "@/server/activities/retention";
export { approveActivity, expireActivities } from "@/server/activities/review";
export { assertCanEarn } from "@/server/activities/tasks";
export { closeGuarantees } from "@/server/activities/refill";
export {
  campaignGuaranteeEnd,
  dropAfterRelease,
  dueGuaranteeBoosters,
  dueGuaranteeWork,
  GUARANTEE_LOOKAHEAD_DAYS,
  keepGuaranteed,
  type GuaranteeDue,
} from "@/server/activities/guarantee";
export { boosterStanding } from "@/server/activities/standing";
