import { OpenAPIHono } from "@hono/zod-openapi";
import { contentPageOutput, getPageInput } from "@/lib/schemas/pages";
import { getPage } from "@/server/pages/get-page";
import type { AppEnv } from "@/server/http/context";
import { dataEnvelope } from "@/server/http/envelope";
import { apiRoute, components, err, json, named } from "@/server/http/route-parts";

components({ ContentPage: contentPageOutput });

const getPageRoute = apiRoute({
  method: "post",
  path: "/pages/get",
  tags: ["Content"],
  summary: "A content page (about, terms, privacy …) in the request's locale",
  request: { body: { required: true, content: { "application/json": { schema: named(getPageInput, "GetPageInput") } } } },
  responses: {
    200: { description: "The page and its metadata", ...json(dataEnvelope(contentPageOutput)) },
    404: err("No page with this slug"),
  },
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
