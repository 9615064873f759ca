// The youtube feature's front door: what other features, jobs, the CLI and the composition root may call.
// A feature imports another only through its index.ts (tests/unit/system/layout-rules.test.ts).
export { youtubeRecheck } from "@/server/youtube/recheck";
export { checksToday, quotaHistory, quotaToday, youtubeChecksNow } from "@/server/youtube/quota";
export { countNetworks, NETWORK_COUNT_WINDOW_DAYS, type NetworkCountsResult } from "@/server/youtube/network-counts";
export { checkGuarantees, type GuaranteeChecksResult } from "@/server/youtube/guarantee";
