// The uploads feature's front door: what other features, jobs, the CLI and the composition root may call.
// A feature imports another only through its index.ts (tests/unit/system/layout-rules.test.ts).
export { type ImageRejection, MAX_UPLOAD_BYTES, prepareIdentityCardImage } from "@/server/uploads/identity-card-image";
