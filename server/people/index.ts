// The people feature's front door: what other features, jobs, the CLI and the composition root may call.
// A feature imports another only through its index.ts (tests/unit/system/layout-rules.test.ts).
export { holdWhileBanned, liftExpiredBans } from "@/server/people/ban";
export { type BoosterHistory, boosterRecords } from "@/server/people/booster-records";
