import type { Context, MiddlewareHandler } from "hono";
import { proxyTrust } from "./client-address";
import { originOf } from "@/lib/security/csp";
import { corsAllowedOrigins } from "./cors";
import { AppError } from "./errors";
import { env } from "@/server/core/env";

/** Methods that change nothing (RFC 9110 §9.2.1); every other method must come from our own pages. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Behind a proxy we were told about (TRUST_PROXY), which says which host and scheme the browser used. */
function behindProxy(): boolean {
  try {
    return proxyTrust().kind !== "none";
  } catch {
    // An unreadable TRUST_PROXY stops the server at start (server/http/client-address.ts); believe no proxy.
    return false;
  }
}

const firstValue = (header: string | undefined) => header?.split(",")[0]?.trim() || undefined;

/**
 * The origins our own pages call the API from: SITE_URL's; the request's own, from its Host header
 * (behind a proxy, TRUST_PROXY, from X-Forwarded-Host and X-Forwarded-Proto); and the
 * CORS_ALLOWED_ORIGINS of a split deployment.
 */
export function ownOrigins(c: Context): Set<string> {
  const origins = new Set(corsAllowedOrigins());
  const site = originOf(env.SITE_URL);
  if (site) origins.add(site);
  const url = new URL(c.req.url);
  const proxied = behindProxy();
  const host = (proxied && firstValue(c.req.header("x-forwarded-host"))) || c.req.header("host") || url.host;
  const scheme = (proxied && firstValue(c.req.header("x-forwarded-proto"))) || url.protocol.replace(/:$/, "");
  const own = originOf(`${scheme}://${host}`);
  if (own) origins.add(own);
  return origins;
}

/**
 * Whether a browser sent this request from one of our own pages (OWASP CSRF Prevention Cheat Sheet:
 * "Verifying Origin with standard headers" and Fetch Metadata):
 * - `Origin` naming one of ownOrigins → yes;
 * - else `Sec-Fetch-Site`, which the browser computes itself: `same-origin` or `none` (the user's own
 *   action: typed address, bookmark) → yes; `same-site`, `cross-site` → no;
 * - else an `Origin` we do not know (or `null`, an opaque origin: sandboxed frame, data: URL) → no;
 * - neither header → yes: not a browser (every browser since 2020 sends Origin on these methods,
 *   and SameSite=Lax keeps older ones from sending our cookies cross-site), as Go's
 *   net/http.CrossOriginProtection decides.
 */
export function fromOwnOrigin(c: Context): boolean {
  const origin = c.req.header("origin");
  if (origin && origin !== "null") {
    const normalized = originOf(origin);
    if (normalized && ownOrigins(c).has(normalized)) return true;
  }
  const fetchSite = c.req.header("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";
  return origin === undefined;
}

/**
 * Refuses (403 cross_site_request) a state-changing request that another site's page made the
 * browser send. It covers every write not carrying a bearer token: the cookie-authenticated ones,
 * and also sign-in, registration and code requests (login CSRF: signing the victim into the
 * attacker's account; SMS sent on the victim's behalf). A bearer token is never sent by a browser on
 * its own, and another origin's script can attach one only after a CORS preflight we grant to
 * CORS_ALLOWED_ORIGINS alone, so bearer clients are unaffected. Nothing of the API takes a
 * cross-site write: payment gateways return the payer with a GET (/api/payments/{gateway}/callback)
 * and the error-report tunnel is posted by our own pages.
 */
export const refuseCrossSiteWrites: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || /^Bearer\s+\S+$/i.test(c.req.header("authorization") ?? "")) return next();
  if (!fromOwnOrigin(c)) throw new AppError("cross_site_request");
  await next();
};
