import type { MiddlewareHandler } from "hono";
import { originOf } from "@/lib/security/csp";
import { env } from "@/server/core/env";

/** The request headers the web client sends (lib/api/client.ts), allowed on a cross-origin request. */
const ALLOWED_REQUEST_HEADERS = "Authorization, Content-Type, Accept, Accept-Language, X-Locale, Idempotency-Key";
const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";
/** What a cross-origin caller may read besides the CORS-safelisted response headers. */
const EXPOSED_HEADERS = "Retry-After, X-Request-Id";

let parsed: { raw: string; origins: ReadonlySet<string> } | null = null;

/**
 * CORS_ALLOWED_ORIGINS: the origins (comma-separated, exact `scheme://host[:port]`) whose pages may
 * call the API from a browser with the visitor's cookies — the web app's origin when the API runs
 * apart from it (`npm run api` with NEXT_PUBLIC_CORE_API_URL on another origin). Unset: same origin
 * only. A wildcard is refused, since credentials are allowed.
 */
export function corsAllowedOrigins(raw: string = env.CORS_ALLOWED_ORIGINS): ReadonlySet<string> {
  if (parsed?.raw === raw) return parsed.origins;
  const origins = new Set<string>();
  for (const entry of raw
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    const origin = originOf(entry);
    if (!origin || entry.includes("*") || origin.toLowerCase() !== entry.replace(/\/$/, "").toLowerCase())
      throw new Error(`CORS_ALLOWED_ORIGINS: "${entry}" is not an origin (scheme://host[:port], no path, no wildcard)`);
    origins.add(origin);
  }
  parsed = { raw, origins };
  return origins;
}

/**
 * CORS for the origins named in CORS_ALLOWED_ORIGINS: their requests get
 * `Access-Control-Allow-Origin: <origin>` with credentials, and their preflights the methods and
 * headers the client uses. Any other origin gets no CORS header at all, so a browser keeps its
 * pages from reading our answers or sending anything but a simple request (which
 * refuseCrossSiteWrites then refuses). The preflight itself (OPTIONS) is answered by the app's
 * not-found handler: 204 with `Allow` on a known path, 404 elsewhere.
 */
export const corsHeaders: MiddlewareHandler = async (c, next) => {
  const origins = corsAllowedOrigins();
  if (origins.size > 0) {
    // The answer depends on Origin whenever some origins are allowed: caches must keep them apart.
    c.header("Vary", "Origin", { append: true });
    const origin = originOf(c.req.header("origin"));
    if (origin && origins.has(origin)) {
      c.header("Access-Control-Allow-Origin", origin);
      c.header("Access-Control-Allow-Credentials", "true");
      if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
        c.header("Access-Control-Allow-Methods", ALLOWED_METHODS);
        c.header("Access-Control-Allow-Headers", ALLOWED_REQUEST_HEADERS);
        c.header("Access-Control-Max-Age", "600");
      } else c.header("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    }
  }
  await next();
};
