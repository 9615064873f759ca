import { OpenAPIHono } from "@hono/zod-openapi";
import { systemEndpoints } from "@/lib/schemas/system";
import { currentBuildId } from "@/server/build-id";
import type { AppEnv } from "@/server/http/context";
import { endpointRoute } from "@/server/http/route-parts";
import { renderDocsPage } from "@/server/http/docs-page";
import { documentPagePolicy } from "@/server/http/api-security-headers";
import { translateApi } from "@/server/http/i18n";

const build = endpointRoute(systemEndpoints.build, {
  tags: ["System"],
  summary: "The deployed build's id; the web app compares it with its own to notice a new deployment",
  answer: "Build id",
});

export const metaRoutes = new OpenAPIHono<AppEnv>()
  .openapi(build, (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ data: { build_id: currentBuildId() } }, 200);
  })
  .get("/docs", (c) => {
    const locale = c.get("locale");
    const html = renderDocsPage({ locale, title: translateApi(locale, "docs.title"), intro: translateApi(locale, "docs.intro") });
    c.header("Content-Security-Policy", documentPagePolicy(html));
    return c.html(html);
  });
