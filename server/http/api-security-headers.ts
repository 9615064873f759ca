import type { MiddlewareHandler } from "hono";
import { inlineHashes, strictTransportSecurity } from "@/lib/security/csp";

/**
 * The API's own answers: JSON runs nothing, so its policy allows nothing and no framing; HSTS by
 * the same rule as the pages (only when the request came over HTTPS, STRICT_TRANSPORT_SECURITY
 * honoured). An HTML answer of ours (/api/docs) brings its own policy (documentPagePolicy).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const apiSecurityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has("content-security-policy")) c.res.headers.set("content-security-policy", API_CONTENT_SECURITY_POLICY);
  const hsts = strictTransportSecurity({ encrypted: new URL(c.req.url).protocol === "https:", header: (name) => c.req.header(name) });
  if (hsts) c.res.headers.set("strict-transport-security", hsts);
  else c.res.headers.delete("strict-transport-security");
};

/** The policy of a self-contained HTML page: exactly its inline scripts and styles, fetches to us only. */
export function documentPagePolicy(html: string): string {
  const { scripts, styles } = inlineHashes(html);
  return [
    "default-src 'none'",
    `script-src ${scripts.join(" ") || "'none'"}`,
    `style-src ${styles.join(" ") || "'none'"}`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}
