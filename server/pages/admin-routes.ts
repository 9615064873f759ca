import { OpenAPIHono } from "@hono/zod-openapi";
import { pageEndpoints, pageSummaryOutput, pageVersionOutput } from "@/lib/schemas/pages";
import { listPages, pageVersions } from "@/server/pages/page-versions";
import { toVersionOutput } from "@/server/pages/present";
import { savePage } from "@/server/pages/save-page";
import { rateLimitIp, requireAdmin } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { dataEnvelope, errorResponses } from "@/server/http/envelope";
import { components, endpointRoute, err, json } from "@/server/http/route-parts";

components({ AdminContentPageVersion: pageVersionOutput, AdminContentPageSummary: pageSummaryOutput });

const notAdmin = { 404: err("Not found (also for anyone who is not an admin)") };

const listRoute = endpointRoute(pageEndpoints.list, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Every content page's slug with the locales it is written in and when each was last updated",
  answer: "The pages, by slug",
  responses: notAdmin,
});

const oneRoute = endpointRoute(pageEndpoints.versions, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "All locales' versions of a content page (page_not_found when it has none)",
  answer: "The versions, fa-IR first",
  responses: { ...notAdmin, ...errorResponses },
});

const saveRoute = endpointRoute(pageEndpoints.save, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Create or replace one locale's version of a content page (audited; the page cache forgets the slug)",
  bodyName: "AdminContentPageInput",
  answer: "Updated",
  responses: {
    201: { description: "Created", ...json(dataEnvelope(pageEndpoints.save.response)) },
    ...notAdmin,
    413: err("Body too large"),
  },
});

/** The back office's content-page editor. */
export function adminPageRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const pages = await listPages({ db: c.get("db") });
      return c.json(
        {
          data: pages.map((page) => ({
            slug: page.slug,
            locales: page.locales.map((v) => ({ locale: v.locale, title: v.title, updated_at: v.updatedAt.toISOString() })),
            updated_at: page.updatedAt.toISOString(),
          })),
        },
        200,
      );
    })
    .openapi(oneRoute, async (c) => {
      const { slug } = c.req.valid("param");
      const versions = await pageVersions({ db: c.get("db") }, { slug });
      return c.json({ data: { slug, versions: versions.map(toVersionOutput) } }, 200);
    })
    .openapi(saveRoute, async (c) => {
      const { slug, locale } = c.req.valid("param");
      const { page, created } = await savePage(
        { db: c.get("db") },
        {
          admin: c.get("user"),
          slug,
          locale,
          content: c.req.valid("json"),
          ip: rateLimitIp(c, services),
        },
      );
      const data = { page: toVersionOutput(page), created };
      return created ? c.json({ data }, 201) : c.json({ data }, 200);
    });
}
