import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { pageContentInput, pageParams, pageSlug } from "@/lib/schemas/pages";
import { listPages, pageVersions, type PageVersion } from "@/server/pages/page-versions";
import { savePage } from "@/server/pages/save-page";
import { rateLimitIp, requireAdmin } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { dataEnvelope, errorResponses } from "@/server/http/envelope";
import { body, err, json, named } from "@/server/http/route-parts";

const versionOutput = z
  .object({
    slug: z.string(),
    locale: z.string(),
    title: z.string(),
    body: z.string().openapi({ description: "Markdown" }),
    meta_title: z.string(),
    meta_description: z.string(),
    og_image: z.string().nullable(),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AdminContentPageVersion");

const summaryOutput = z
  .object({
    slug: z.string(),
    locales: z.array(z.object({ locale: z.string(), title: z.string(), updated_at: z.string().openapi({ format: "date-time" }) })),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AdminContentPageSummary");

function toVersionOutput(page: PageVersion): z.infer<typeof versionOutput> {
  return {
    slug: page.slug,
    locale: page.locale,
    title: page.title,
    body: page.body,
    meta_title: page.metaTitle,
    meta_description: page.metaDescription,
    og_image: page.ogImage,
    created_at: page.createdAt.toISOString(),
    updated_at: page.updatedAt.toISOString(),
  };
}

const notAdmin = { 404: err("Not found (also for anyone who is not an admin)") };

const listRoute = createRoute({
  method: "get",
  path: "/admin/pages",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Every content page's slug with the locales it is written in and when each was last updated",
  responses: { 200: { description: "The pages, by slug", ...json(dataEnvelope(z.array(summaryOutput))) }, ...notAdmin },
});

const oneRoute = createRoute({
  method: "get",
  path: "/admin/pages/{slug}",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "All locales' versions of a content page (page_not_found when it has none)",
  request: { params: z.object({ slug: pageSlug }) },
  responses: {
    200: {
      description: "The versions, fa-IR first",
      ...json(dataEnvelope(z.object({ slug: z.string(), versions: z.array(versionOutput) }))),
    },
    ...notAdmin,
    ...errorResponses,
  },
});

const saveRoute = createRoute({
  method: "put",
  path: "/admin/pages/{slug}/{locale}",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Create or replace one locale's version of a content page (audited; the page cache forgets the slug)",
  request: { params: pageParams, ...body(named(pageContentInput, "AdminContentPageInput")) },
  responses: {
    200: { description: "Updated", ...json(dataEnvelope(z.object({ page: versionOutput, created: z.boolean() }))) },
    201: { description: "Created", ...json(dataEnvelope(z.object({ page: versionOutput, created: z.boolean() }))) },
    ...notAdmin,
    413: err("Body too large"),
    ...errorResponses,
  },
});

/** The back office's content-page editor. */
export function adminPageRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const pages = await listPages(c.get("db"));
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
      const versions = await pageVersions(c.get("db"), slug);
      return c.json({ data: { slug, versions: versions.map(toVersionOutput) } }, 200);
    })
    .openapi(saveRoute, async (c) => {
      const { slug, locale } = c.req.valid("param");
      const { page, created } = await savePage({
        db: c.get("db"),
        admin: c.get("user"),
        slug,
        locale,
        content: c.req.valid("json"),
        ip: rateLimitIp(c, services),
      });
      const data = { page: toVersionOutput(page), created };
      return created ? c.json({ data }, 201) : c.json({ data }, 200);
    });
}
