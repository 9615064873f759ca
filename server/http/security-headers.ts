import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import type { TLSSocket } from "node:tls";
import * as zlib from "node:zlib";
import { contentSecurityPolicy, inlineHashes, type InlineHashes, strictTransportSecurity } from "@/lib/security/csp";
import { rawEnv } from "@/server/core/env";

/**
 * The production server's (server/web.ts) security headers on pages: HSTS per request, and on each
 * HTML document the Content-Security-Policy that allows exactly its inline scripts (lib/security/
 * csp.ts). The other headers (nosniff, Referrer-Policy, Permissions-Policy, X-Frame-Options) come
 * from next.config.ts with every Next.js answer.
 */
export const CSP_HEADER = "content-security-policy";
export const HSTS_HEADER = "strict-transport-security";

/** Sets Strict-Transport-Security when the request came over HTTPS (see strictTransportSecurity). */
export function setTransportSecurity(req: IncomingMessage, res: ServerResponse): void {
  const value = strictTransportSecurity({
    encrypted: (req.socket as Partial<TLSSocket>).encrypted === true,
    header: (name) => {
      const header = req.headers[name];
      return Array.isArray(header) ? header.join(", ") : header;
    },
  });
  if (value) res.setHeader(HSTS_HEADER, value);
}

/** The policy of a document with these inline scripts and styles; the sources configured are read once. */
export function documentPolicy(): DocumentPolicy {
  const env = { ...rawEnv() };
  return ({ scripts, styles }) => contentSecurityPolicy({ scriptHashes: scripts, styleHashes: styles, env });
}

/** A document's Content-Security-Policy from the hashes of its inline scripts and styles. */
export type DocumentPolicy = (hashes: InlineHashes) => string;

/** A body as sent with Content-Encoding, decoded; null for an encoding we cannot read. */
export function decodeBody(body: Buffer, encoding: unknown): Buffer | null {
  const name = typeof encoding === "string" ? encoding.trim().toLowerCase() : encoding === undefined ? "" : null;
  try {
    switch (name) {
      case "":
      case "identity":
        return body;
      case "gzip":
      case "x-gzip":
        return zlib.gunzipSync(body);
      case "deflate":
        return zlib.inflateSync(body);
      case "br":
        return zlib.brotliDecompressSync(body);
      case "zstd":
        return "zstdDecompressSync" in zlib
          ? (zlib as unknown as { zstdDecompressSync(b: Buffer): Buffer }).zstdDecompressSync(body)
          : null;
      default:
        return null;
    }
  } catch {
    return null;
  }
}

// The policies of the documents sent lately, by their bytes as sent: the pages Next.js serves from
// its own cache (auth, panel, admin) are the same bytes on every request, and are read once.
const MAX_REMEMBERED = 256;
const remembered = new WeakMap<DocumentPolicy, Map<string, string>>();

function policyOf(body: Buffer, encoding: unknown, policy: DocumentPolicy): string {
  let known = remembered.get(policy);
  if (!known) remembered.set(policy, (known = new Map()));
  const key = `${String(encoding ?? "")} ${createHash("sha256").update(body).digest("base64")}`;
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  const html = decodeBody(body, encoding);
  // A document we cannot read gets the policy without inline scripts or styles: it fails closed.
  const value = policy(html ? inlineHashes(html.toString("utf8")) : { scripts: [], styles: [] });
  if (known.size >= MAX_REMEMBERED) known.delete(known.keys().next().value as string);
  known.set(key, value);
  return value;
}

const isHtml = (contentType: unknown) => typeof contentType === "string" && /^\s*text\/html\b/i.test(contentType);
// Statuses and methods without a body: their headers would replace a cached page's (RFC 9111
// §4.3.4), and a policy computed from no document would block that page's scripts.
const BODYLESS = new Set([204, 304]);

/**
 * Holds back an HTML document Next.js writes to `res` — after its compression, which calls these
 * methods in turn — until it has ended, then sends it with its Content-Security-Policy. Anything
 * else passes through untouched, streamed as Next.js writes it. Install before Next.js handles the
 * request (its compression wraps `res` once more, on top).
 */
export function secureDocuments(req: IncomingMessage, res: ServerResponse, policy: DocumentPolicy): void {
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  const flushHeaders = res.flushHeaders;
  let mode: "undecided" | "pass" | "hold" = "undecided";
  const chunks: Buffer[] = [];

  /** Settles, at the first header write, whether this answer is a document to hold back. */
  const decide = (status: number, headers: unknown): boolean => {
    if (mode === "undecided") {
      const type = headerIn(headers, "content-type") ?? res.getHeader("content-type");
      mode = req.method !== "HEAD" && !BODYLESS.has(status) && isHtml(type) ? "hold" : "pass";
    }
    return mode === "hold";
  };
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
    );
  };
  const callbackOf = (args: unknown[]) => args.find((arg): arg is () => void => typeof arg === "function");

  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    const headers = args.slice(1).find((arg) => typeof arg === "object" && arg !== null);
    if (!decide(status, headers)) return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    // Held: what writeHead would have sent is kept on the response until the document has ended.
    this.statusCode = status;
    if (typeof args[1] === "string") this.statusMessage = args[1];
    for (const [name, value] of headerEntries(headers)) this.setHeader(name, value);
    return this;
  } as ServerResponse["writeHead"];
  res.flushHeaders = function (this: ServerResponse) {
    if (!decide(this.statusCode, undefined)) flushHeaders.call(this);
  };
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!decide(this.statusCode, undefined)) return (write as (...a: unknown[]) => boolean).apply(this, [chunk, ...rest]);
    keep(chunk, rest[0]);
    const callback = callbackOf(rest);
    if (callback) process.nextTick(callback);
    return true;
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!decide(this.statusCode, undefined)) return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    if (typeof args[0] !== "function") keep(args[0], args[1]);
    const body = Buffer.concat(chunks);
    this.setHeader(CSP_HEADER, policyOf(body, this.getHeader("content-encoding"), policy));
    this.setHeader("content-length", body.length);
    this.removeHeader("transfer-encoding");
    writeHead.call(this, this.statusCode);
    const callback = callbackOf(args);
    return (end as (...a: unknown[]) => ServerResponse).call(this, body, ...(callback ? [callback] : []));
  } as ServerResponse["end"];
}

/** writeHead's headers, as an object or Node.js's flat [name, value, name, value…] list. */
function headerEntries(headers: unknown): [string, number | string | string[]][] {
  if (!headers) return [];
  if (!Array.isArray(headers)) {
    return Object.entries(headers as OutgoingHttpHeaders).filter(
      (entry): entry is [string, number | string | string[]] => entry[1] !== undefined,
    );
  }
  const grouped = new Map<string, string[]>();
  for (let i = 0; i + 1 < headers.length; i += 2) {
    const name = String(headers[i]).toLowerCase();
    grouped.set(name, [...(grouped.get(name) ?? []), String(headers[i + 1])]);
  }
  return [...grouped].map(([name, values]) => [name, values.length === 1 ? values[0]! : values]);
}

function headerIn(headers: unknown, wanted: string): unknown {
  return headerEntries(headers).find(([name]) => name.toLowerCase() === wanted)?.[1];
}
