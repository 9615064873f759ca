import { decideLocale } from "@/lib/i18n/negotiate";
import { LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { stripLocale } from "@/lib/i18n/negotiate";

/**
 * Which page requests the production server may answer from its rendered-page cache, decided
 * without I/O. Only the public pages that render the same for everyone (the landing page, contact,
 * content pages), only a plain document request (no query, none of Next.js's own request headers:
 * no RSC navigation, prefetch or server action), and only when proxy.ts would serve the page rather
 * than redirect: the locale is decided by the same function the proxy uses, so a hit is exactly what
 * the proxy and Next.js would have sent.
 */
export type PublicPageRequest = {
  method: string | undefined;
  url: string | undefined;
  header: (name: string) => string | undefined;
  /** The names of the request's headers, in lower case. */
  headerNames: () => Iterable<string>;
  /** The visitor's country, asked only for an unprefixed URL without a language cookie. */
  country: () => string | null;
};

export type PublicPageKey = { key: string; locale: Locale; slug: string | null };

const MAX_ENCODING_LENGTH = 64;
const PUBLIC_PATH = /^\/(?:contact|pages\/([a-z0-9]+(?:-[a-z0-9]+)*))?$/;
/**
 * Next.js's own request headers (node_modules/next/dist/client/components/app-router-headers.js and
 * its server): with any of them Next.js may answer something other than the page a visitor gets —
 * an RSC payload (rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch,
 * next-url, next-hmr-refresh), a server action (next-action), a middleware prefetch's `{}`
 * (x-middleware-prefetch), a data request (x-nextjs-data), a revalidation (x-prerender-revalidate,
 * x-now-route-matches), a resume (next-resume). By prefix, so that a header a later Next.js adds
 * is covered too.
 */
const NEXT_HEADER_PREFIXES = ["next-", "x-middleware-", "x-nextjs-", "x-next-", "x-prerender-", "x-invoke-", "x-action-"];
const NEXT_HEADERS = new Set(["rsc", "x-now-route-matches", "x-matched-path"]);
// A browser's prefetch or prerender (Purpose / Sec-Purpose: prefetch; Chromium adds ;prerender).
const PREFETCH_PURPOSE = /\bprefetch\b/i;

/** Whether the request carries a header with which Next.js answers other than with the plain page. */
export function isNextInternalRequest(request: Pick<PublicPageRequest, "header" | "headerNames">): boolean {
  for (const name of request.headerNames()) {
    const lower = name.toLowerCase();
    if (NEXT_HEADERS.has(lower) || NEXT_HEADER_PREFIXES.some((prefix) => lower.startsWith(prefix))) return true;
  }
  return ["purpose", "sec-purpose", "x-purpose", "x-moz"].some((name) => PREFETCH_PURPOSE.test(request.header(name) ?? ""));
}

export function publicPageKey(request: PublicPageRequest): PublicPageKey | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = request.url ?? "";
  if (!url.startsWith("/") || url.includes("?") || url.includes("#")) return null;
  if (isNextInternalRequest(request)) return null;
  const match = PUBLIC_PATH.exec(stripLocale(url));
  if (!match) return null;
  const decision = decideLocale({
    pathname: url,
    cookieLocale: cookieValue(request.header("cookie"), LOCALE_COOKIE),
    country: request.country,
  });
  if (decision.kind === "redirect") return null;
  const encoding = (request.header("accept-encoding") ?? "").toLowerCase().replace(/\s+/g, "");
  // Browsers send a few dozen characters; an odd, long header is not worth a cache entry of its own
  // (nor may a flood of made-up ones push the real ones out).
  if (encoding.length > MAX_ENCODING_LENGTH) return null;
  return { key: `${decision.locale} ${url} ${encoding}`, locale: decision.locale, slug: match[1] ?? null };
}

/** One cookie's value from a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}
