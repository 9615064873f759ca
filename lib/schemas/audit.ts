import { z } from "zod";
import { dateTime, endpoint, paging, text, uuidParam } from "./common";

/** What an audit row is about (the back office filters by it). */
export const auditTargetTypes = [
  "user",
  "campaign",
  "activity",
  "payout",
  "membership",
  "membership_plan",
  "invitation",
  "setting",
  "content_page",
  "pricing",
] as const;

const AUDIT_ACTION = /^[a-z_.]*$/;

/** GET admin/audit: newest first; an action's beginning (payout., campaign.approve), its target, who acted. */
export const auditListQuery = z.object({
  action: text("invalid_value")
    .trim()
    .max(60, "invalid_value")
    .regex(AUDIT_ACTION, "invalid_value")
    .meta({ pattern: AUDIT_ACTION.source })
    .optional(),
  target_type: z.enum(auditTargetTypes, "invalid_value").optional(),
  target_id: text("invalid_value").trim().max(80, "invalid_value").optional(),
  actor_id: uuidParam().optional(),
  ...paging,
});
export type AuditListQuery = z.input<typeof auditListQuery>;

/** OpenAPI component AuditEntry: who did what, to what, when and from where. */
export const auditEntryOutput = z.object({
  id: z.string().uuid(),
  actor: z
    .object({ id: z.string().uuid(), name: z.string(), phone: z.string().nullable() })
    .nullable()
    .meta({ description: "null: the system (a job)" }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  at: dateTime(),
});
export type AuditEntry = z.infer<typeof auditEntryOutput>;

/* ---- Endpoints: the route (server/audit) and the browser (lib/api/admin-audit.ts) read these ---- */

export const auditEndpoints = {
  list: endpoint({ method: "get", path: "/admin/audit", query: auditListQuery, response: auditEntryOutput, list: true }),
};
