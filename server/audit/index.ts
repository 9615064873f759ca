// The audit feature's front door: what other features, jobs, the CLI and the composition root may call.
// A feature imports another only through its index.ts (tests/unit/system/layout-rules.test.ts).
export { auditStep, recordAudit } from "@/server/audit/record";
