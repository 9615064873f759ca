import { OpenAPIHono } from "@hono/zod-openapi";
import { contentPageOutput, pageEndpoints } from "@/lib/schemas/pages";
import { getPage } from "@/server/pages/get-page";
import type { AppEnv } from "@/server/http/context";
import { components, endpointRoute, err } from "@/server/http/route-parts";

components({ ContentPage: contentPageOutput });

const getPageRoute = endpointRoute(pageEndpoints.get, {
  tags: ["Content"],
  summary: "A content page (about, terms, privacy …) in the request's locale",
  bodyName: "GetPageInput",
  answer: "The page and its metadata",
  responses: { 404: err("No page with this slug") },
});

export const pageRoutes = new OpenAPIHono<AppEnv>().openapi(getPageRoute, async (c) => {
  const { slug } = c.req.valid("json");
  const page = await getPage({ db: c.get("db") }, { slug, locale: c.get("locale") });
  c.header("Vary", "X-Locale, Accept-Language");
  c.header("Content-Language", page.locale);
  return c.json(
    {
      data: {
        context: { meta_title: page.metaTitle, meta_description: page.metaDescription, og_image: page.ogImage },
        slug: page.slug,
        locale: page.locale,
        title: page.title,
        body: page.body,
        updated_at: page.updatedAt.toISOString(),
      },
    },
    200,
  );
});
