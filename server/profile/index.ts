// The profile feature's front door: what other features, jobs, the CLI and the composition root may call.
// A feature imports another only through its index.ts (tests/unit/system/layout-rules.test.ts).
export { rejection } from "@/server/profile/request-verification";
export { serveStoredImage } from "@/server/profile/routes";
