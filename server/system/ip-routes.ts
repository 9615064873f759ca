import { OpenAPIHono } from "@hono/zod-openapi";
import { systemEndpoints } from "@/lib/schemas/system";
import { requestCountry } from "@/lib/geo/request-country";
import { proxyTrust } from "@/server/http/client-address";
import { lookupCountry, trustedCountryHeader } from "@/server/adapters/geoip";
import type { AppDeps, AppEnv } from "@/server/http/context";
import { endpointRoute } from "@/server/http/route-parts";

const ipInfo = endpointRoute(systemEndpoints.ipInfo, {
  tags: ["System"],
  summary: "The caller's country, used to pick a locale",
  answer: "ISO 3166-1 alpha-2 country code, or null when unknown (private address, no data)",
});

export function ipRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>().openapi(ipInfo, (c) => {
    const country = requestCountry(c.req.raw.headers, {
      trustedHeader: trustedCountryHeader(),
      lookup: lookupCountry,
      socketAddress: deps.socketAddress?.(c.req.raw) ?? null,
      trust: proxyTrust(),
    });
    c.header("Cache-Control", "private, no-store");
    return c.json({ data: { country_code: country } }, 200);
  });
}
