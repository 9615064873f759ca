import { OpenAPIHono } from "@hono/zod-openapi";
import { auditEndpoints, auditEntryOutput } from "@/lib/schemas/audit";
import { requireAdmin } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/context";
import { errorResponses } from "@/server/http/envelope";
import { components, endpointRoute, err } from "@/server/http/route-parts";
import { listAudit } from "./queries";

components({ AuditEntry: auditEntryOutput });

const listRoute = endpointRoute(auditEndpoints.list, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "The audit log, newest first: every admin action (and the system's), with who, what, when and from where",
  answer: "A page of entries",
  responses: { 404: err("Not found"), ...errorResponses },
});

/** The back office's audit view (issue 18). */
export function auditRoutes() {
  return new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const found = await listAudit({ db: c.get("db") }, query);
    return c.json({ data: found.rows, meta: { page: query.page, per_page: query.per_page, total: found.total } }, 200);
  });
}
