// The pages feature's front door: what other features, jobs, the CLI and the composition root may call.
// A feature imports another only through its index.ts (tests/unit/system/layout-rules.test.ts).
export { PAGE_CACHE_TTL_MS, followPageEdits, onPageInvalidated } from "@/server/pages/page-cache";
