import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inlineScriptHashes, inlineStyleHashes } from "@/lib/security/csp";
import { pageHandler } from "@/server/http/page-server";
import { CACHE_STATUS_HEADER, RenderedPageCache } from "@/server/http/rendered-page-cache";
import { documentPolicy } from "@/server/http/security-headers";

/**
 * The pages' Content-Security-Policy on the production server's page side (issue 13 item 8): each
 * HTML document Next.js sends — compressed or not, written at once or streamed — leaves with a
 * policy allowing exactly its own inline scripts; the rendered-page cache keeps that policy with the
 * page; HSTS is decided per request and never replayed from the cache. The browser's side is
 * tests/e2e/security-headers.spec.ts, the policy's sources tests/unit/system/csp.test.ts.
 */

const compression = createRequire(import.meta.url)("next/dist/compiled/compression") as () => (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void;
const compress = compression();

const PAGE = (path: string) =>
  `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script><script>(self.__next_f=self.__next_f||[]).push([0])</script>` +
  `<style data-precedence="next" data-href="/_next/static/chunks/a.css">body{margin:0}p::after{content:">"}</style></head>` +
  `<body><p>${path}</p>${"<p>padding</p>".repeat(200)}<script>self.__next_f.push([1,"${path}"])</script></body></html>`;

let renders = 0;
/** Stands in for Next.js: a static page at once, a streamed one (as its renderer pipes), an asset, a 304. */
function fakeNext(req: IncomingMessage, res: ServerResponse) {
  compress(req, res, () => {
    renders++;
    const path = req.url ?? "/";
    if (path.startsWith("/_next/static/")) {
      res.setHeader("content-type", "application/javascript; charset=utf-8");
      res.end(`self.asset=1;${" ".repeat(2000)}`);
      return;
    }
    if (req.headers["if-none-match"] === '"v1"') {
      res.statusCode = 304;
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("etag", '"v1"');
      res.end();
      return;
    }
    if (path === "/en-US/no/such/page") {
      // A dynamic render: headers in writeHead, the body streamed, flushed as Next.js's pipe does.
      res.writeHead(404, { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" });
      res.flushHeaders();
      const html = PAGE(path);
      res.write(html.slice(0, 300));
      setTimeout(() => res.end(html.slice(300)), 10);
      return;
    }
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("etag", '"v1"');
    res.end(PAGE(path));
  });
}

let server: Server;
let base = "";
let cache: RenderedPageCache;
const policy = documentPolicy();

beforeAll(async () => {
  server = createServer((req, res) => pageHandler({ cache, policy, next: fakeNext })(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  cache = new RenderedPageCache(60_000);
  renders = 0;
});

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(base + path, { method, headers: { "cf-ipcountry": "IR", ...headers } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

const sourcesOf = (directive: string) => (csp: string | null) =>
  (csp ?? "")
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1) ?? [];
const scriptSources = sourcesOf("script-src");
const styleSources = sourcesOf("style-src");

describe("the pages' Content-Security-Policy", () => {
  it("allows exactly the inline scripts and styles of the document sent, in every encoding, and keeps the policy with the cached page", async () => {
    for (const encoding of ["gzip", "br", "identity"]) {
      for (const path of ["/en-US", "/en-US/auth/login"]) {
        const first = await get(path, { "accept-encoding": encoding });
        expect(first.status).toBe(200);
        const csp = first.headers.get("content-security-policy");
        const hashes = inlineScriptHashes(first.body);
        expect(hashes).toHaveLength(2);
        expect(scriptSources(csp).filter((source) => source.startsWith("'sha256-"))).toEqual(hashes);
        // The production build inlines its stylesheets (next.config.ts): allowed by hash, nothing else inline.
        const styles = inlineStyleHashes(first.body);
        expect(styles).toHaveLength(1);
        expect(styleSources(csp)).toEqual(["'self'", ...styles]);
        expect(csp).toContain("frame-ancestors 'none'");
        const again = await get(path, { "accept-encoding": encoding });
        expect(again.headers.get("content-security-policy")).toBe(csp);
        expect(again.body).toBe(first.body);
      }
    }
    // The public page was rendered once per encoding and then served from the cache; login every time.
    expect((await get("/en-US", { "accept-encoding": "gzip" })).headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
  });

  it("secures a streamed document (a 404 rendered on request) the same way", async () => {
    const page = await get("/en-US/no/such/page", { "accept-encoding": "gzip" });
    expect(page.status).toBe(404);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.body).toBe(PAGE("/en-US/no/such/page"));
    expect(scriptSources(page.headers.get("content-security-policy"))).toEqual(expect.arrayContaining(inlineScriptHashes(page.body)));
  });

  it("leaves what is not a document alone: assets, a 304 and a HEAD get no policy computed from no body", async () => {
    const asset = await get("/_next/static/chunks/a.js", { "accept-encoding": "gzip" });
    expect(asset.body.startsWith("self.asset=1;")).toBe(true);
    expect(asset.headers.get("content-security-policy")).toBeNull();
    const notModified = await get("/en-US/auth/login", { "if-none-match": '"v1"' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("content-security-policy")).toBeNull();
    const head = await new Promise<IncomingMessage>((resolve) =>
      httpRequest(`${base}/en-US/auth/login`, { method: "HEAD" }, resolve).end(),
    );
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-security-policy"]).toBeUndefined();
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent to a request that came through a TLS proxy, never replayed from the cache to one that did not", async () => {
    const secure = await get("/en-US", { "x-forwarded-proto": "https" });
    expect(secure.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const plain = await get("/en-US");
    expect(plain.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const secureAgain = await get("/en-US", { "x-forwarded-proto": "https" });
    expect(secureAgain.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect(secureAgain.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(renders).toBe(1);
  });
});
