import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { contentSecurityPolicy, PAGE_SECURITY_HEADERS } from "./lib/security/csp";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  // ICU messages compiled at build time: the browser gets no message parser.
  experimental: { messages: { format: "json", path: "./messages", locales: "infer", precompile: true } },
});

// One id per build, known to both the browser bundle (to notice a new deployment) and the
// server (.next/BUILD_ID, served by GET /api/build).
const buildId = process.env.BUILD_ID || `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  generateBuildId: async () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  // Packages that read files next to themselves or load WASM at run time stay outside the bundle.
  // drizzle-orm too: the production server (server/web.ts) loads the API outside the bundle, and both
  // must share one database object.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "geoip-country", "drizzle-orm"],
  devIndicators: false,
  // The stylesheets (11 KB gzip) travel inside each document: the first paint waits for no second
  // request, and comes before the scripts are evaluated. Their <style> elements are allowed by hash
  // (lib/security/csp.ts), like the inline scripts.
  experimental: { inlineCss: true },
  async headers() {
    const headers = Object.entries(PAGE_SECURITY_HEADERS).map(([key, value]) => ({ key, value }));
    // The production server (server/web.ts) gives each document its own policy, with the hashes of
    // its inline scripts; `next dev` gets a looser one, without hashes (lib/security/csp.ts).
    if (process.env.NODE_ENV === "development") {
      headers.push({ key: "Content-Security-Policy", value: contentSecurityPolicy({ development: true }) });
    }
    return [{ source: "/:path*", headers }];
  },
};

export default withNextIntl(nextConfig);
