import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { publicPageKey } from "@/lib/content/public-page-key";
import { requestCountry } from "@/lib/geo/request-country";
import { proxyTrust } from "./client-address";
import { lookupCountry, trustedCountryHeader } from "@/server/adapters/geoip";
import { PAGE_CACHE_TTL_MS } from "@/server/pages";
import { decodeBody, HSTS_HEADER } from "@/server/http/security-headers";

/**
 * The production server's cache of rendered public pages (server/web.ts), in front of Next.js: the
 * landing page, contact and content pages are the same for every visitor, so the first request
 * of a page (per locale and Accept-Encoding) goes through proxy.ts and Next.js, and the response
 * Next.js sent — status, headers, compressed body — is kept and sent again to the next visitors
 * without running either. Per process, like the content-page cache: an edit drops the page on the
 * instance that made it and, through the announcement every instance follows (followPageEdits), on
 * the others within moments (invalidatePage → dropContentPage); every entry lives at most
 * PAGE_CACHE_TTL_MS, the bound if an announcement is lost.
 *
 * Only what a plain visitor gets is kept: a 200 HTML document (text/html, a body that opens with
 * <!DOCTYPE html> once decoded) without Set-Cookie, to a GET carrying none of Next.js's own request
 * headers (publicPageKey). Anything else (a 404, a redirect, an RSC payload, a prefetch's `{}`) is
 * left to Next.js every time. The key holds everything that changes the answer: the locale the
 * proxy would decide (URL, language cookie, country), the URL and Accept-Encoding.
 */
type Entry = { status: number; headers: OutgoingHttpHeaders; body: Buffer; slug: string | null; expires: number };

const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 1024 * 1024;
// Connection-level headers Node.js writes itself for each response.
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);
// Headers server/web.ts sets for each request itself (HTTPS or not); never replayed from the cache.
const PER_REQUEST_HEADERS = new Set([HSTS_HEADER]);
const DOCTYPE = /^(?:\uFEFF)?\s*<!doctype html[\s>]/i;

export const CACHE_STATUS_HEADER = "x-page-cache";
const NOT_MODIFIED_HEADERS = ["etag", "cache-control", "vary", "expires", "content-location"];

export class RenderedPageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs = PAGE_CACHE_TTL_MS) {}

  /**
   * Answers `req` from the cache, or hands it to Next.js (`pass`), keeping Next.js's answer when
   * the request is for a public page and the answer is cacheable.
   */
  handle(req: IncomingMessage, res: ServerResponse, pass: () => void, now = Date.now()): void {
    let page: ReturnType<typeof publicPageKey> = null;
    try {
      page = publicPageKey({
        method: req.method,
        url: req.url,
        header: (name) => headerValue(req, name),
        headerNames: () => Object.keys(req.headers),
        country: () =>
          requestCountry(
            { get: (name) => headerValue(req, name) ?? null },
            { trustedHeader: trustedCountryHeader(), lookup: lookupCountry, trust: proxyTrust() },
          ),
      });
    } catch {
      page = null;
    }
    if (!page) return pass();
    const hit = this.entries.get(page.key);
    if (hit && hit.expires > now) return send(req, res, hit);
    if (hit) this.entries.delete(page.key);
    const { key, slug } = page;
    capture(res, (status, headers, body) => {
      if (req.method !== "GET" || !isPlainDocument(status, headers, body)) return;
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { status, headers, body, slug, expires: now + this.ttlMs });
    });
    res.setHeader(CACHE_STATUS_HEADER, "MISS");
    pass();
  }

  /** Drops a content page in every locale and encoding (every content page when no slug is given). */
  dropContentPage(slug?: string): void {
    for (const [key, entry] of this.entries)
      if (entry.slug !== null && (slug === undefined || entry.slug === slug)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A full page as a visitor's browser gets it: 200, HTML, a document from its first byte, no cookie. */
export function isPlainDocument(status: number, headers: OutgoingHttpHeaders, body: Buffer): boolean {
  if (status !== 200 || headers["set-cookie"] !== undefined || body.length > MAX_BODY_BYTES) return false;
  const type = headers["content-type"];
  if (typeof type !== "string" || !/^\s*text\/html\b/i.test(type)) return false;
  const html = decodeBody(body, headers["content-encoding"]);
  return html !== null && DOCTYPE.test(html.subarray(0, 64).toString("utf8"));
}

/** Node.js keeps header names in lower case; the names asked for may be configured otherwise (CF-IPCountry). */
function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}

function send(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
  const etag = entry.headers.etag;
  if (typeof etag === "string" && etagMatches(req.headers["if-none-match"], etag)) {
    // RFC 9110 §15.4.5: the headers a 200 would have carried that describe caching, without a body.
    const kept = Object.fromEntries(
      NOT_MODIFIED_HEADERS.map((name) => [name, entry.headers[name]]).filter(([, value]) => value !== undefined),
    );
    res.writeHead(304, { ...kept, [CACHE_STATUS_HEADER]: "HIT" });
    res.end();
    return;
  }
  res.writeHead(entry.status, { ...entry.headers, "content-length": entry.body.length, [CACHE_STATUS_HEADER]: "HIT" });
  res.end(req.method === "HEAD" ? undefined : entry.body);
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): any listed tag, W/ ignored, or "*". */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * Records what is written to `res` (after Next.js's own compression, which wraps these methods in
 * turn) and reports it once the response has ended.
 */
function capture(res: ServerResponse, done: (status: number, headers: OutgoingHttpHeaders, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function" || size > MAX_BODY_BYTES) return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    size += buffer.length;
    chunks.push(buffer);
  };
  const written: OutgoingHttpHeaders = {};
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.find((arg, index) => index > 0 && typeof arg === "object" && arg !== null);
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) written[String(headers[i]).toLowerCase()] = headers[i + 1];
    else if (headers) for (const [name, value] of Object.entries(headers)) written[name.toLowerCase()] = value as string;
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).apply(this, [chunk, ...rest]);
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    keep(args[0], args[1]);
    const result = (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries({ ...res.getHeaders(), ...written })) {
      if (!HOP_HEADERS.has(name) && !PER_REQUEST_HEADERS.has(name) && name !== CACHE_STATUS_HEADER && value !== undefined)
        headers[name] = value;
    }
    if (size <= MAX_BODY_BYTES) done(res.statusCode, headers, Buffer.concat(chunks));
    return result;
  } as ServerResponse["end"];
}
