import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { beforeEach, describe, expect, it } from "vitest";
import { CACHE_STATUS_HEADER, RenderedPageCache } from "@/server/http/rendered-page-cache";
import { pageHandler } from "@/server/http/page-server";
import { nextCompression, serveBehindProxy } from "@/tests/api/support/page-server";

/**
 * Cache poisoning (issue 13 item 1): the production server's rendered-page cache must keep only what
 * a plain visitor gets — a full HTML document — and pass every request that carries one of
 * Next.js's own request headers straight to Next.js, neither answering it from the cache nor storing
 * its answer. Once, `GET /` with `x-middleware-prefetch: 1` got Next.js's `{}`, which the cache then
 * served to every visitor of the landing page for 30 s.
 *
 * The server here is the production server's page side (server/http/page-server.ts) in front of a
 * stand-in for Next.js that answers those headers as Next.js 16 does (the real build is checked the
 * same way in tests/e2e/security-page-cache.spec.ts).
 */

const require = createRequire(import.meta.url);
// Next.js's own list of the headers of its client router (RSC, prefetch, state tree, action, next-url …).
const routerHeaders = require("next/dist/client/components/app-router-headers.js") as Record<string, unknown>;

const PAGE_MARK = "the full page";
let renders = 0;
const compress = nextCompression();

/** Stands in for Next.js, answering its internal request headers the way Next.js 16 does. */
function fakeNext(req: IncomingMessage, res: ServerResponse) {
  compress(req, res, () => {
    renders++;
    const header = (name: string) => req.headers[name];
    if (header("x-middleware-prefetch")) {
      // base-server.js: a middleware prefetch of a page that is not a static data route.
      res.setHeader("x-middleware-skip", "1");
      res.setHeader("cache-control", "private, no-cache, no-store, max-age=0, must-revalidate");
      res.end("{}");
      return;
    }
    if (Object.keys(req.headers).some((name) => name === "rsc" || name.startsWith("next-"))) {
      res.setHeader("content-type", "text/x-component");
      res.setHeader("vary", "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch");
      res.end(`0:{"b":"build","f":[["children",null]]}\n${"1:x\n".repeat(300)}`);
      return;
    }
    if (header("x-nextjs-data")) {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ pageProps: {}, padding: "x".repeat(2000) }));
      return;
    }
    const internal = Object.keys(req.headers).find((name) => /^x-(?:now|prerender|middleware|nextjs|next|invoke|action)-/.test(name));
    const purpose = `${header("purpose") ?? ""} ${header("sec-purpose") ?? ""}`;
    if (internal || purpose.includes("prefetch") || header("x-answer") === "fragment") {
      // What else such a request could get: a piece of a page, not a document.
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(`<div>a fragment for ${internal ?? "a prefetch"}</div>${"<p>x</p>".repeat(300)}`);
      return;
    }
    if (header("x-answer") === "json-as-html") {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(`{}${" ".repeat(2000)}`);
      return;
    }
    if (header("x-answer") === "untyped") {
      res.end(`<!DOCTYPE html><html><body>untyped ${"x".repeat(2000)}</body></html>`);
      return;
    }
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.write(`<!DOCTYPE html><html lang="fa-IR"><head><script>self.page=1</script></head><body>${req.url} ${PAGE_MARK} `);
    res.end(`${"padding ".repeat(300)}</body></html>`);
  });
}

let base = "";
let cache: RenderedPageCache;
// Visitors below are in Iran by X-Forwarded-For, as behind one reverse proxy.
serveBehindProxy(
  (req, res) => pageHandler({ cache, policy: () => "default-src 'self'", next: fakeNext })(req, res),
  (url) => (base = url),
);

beforeEach(() => {
  cache = new RenderedPageCache(60_000);
  renders = 0;
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { headers: { "x-forwarded-for": "5.160.0.1", ...headers } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** Every route the cache serves, with and without a locale prefix. */
const ROUTES = ["/", "/en-US", "/tr-TR", "/contact", "/ar-AE/contact", "/pages/about", "/en-US/pages/privacy"];

/** Every request header of Next.js's (its router's list, and those its server reads), with a value it acts on. */
const NEXT_HEADERS: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(routerHeaders)
      .filter(([name, value]) => /_HEADER$|^NEXT_URL$/.test(name) && typeof value === "string" && /^[a-z][a-z-]*$/.test(value))
      .map(([, value]) => [value as string, "1"]),
  ),
  ...Object.fromEntries(((routerHeaders.FLIGHT_HEADERS as string[]) ?? []).map((name) => [name, "1"])),
  "next-router-state-tree": encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }, null, null, true])),
  "next-url": "/en-US",
  "next-action": "7f00000000000000000000000000000000000000",
  "x-middleware-prefetch": "1",
  "x-middleware-subrequest": "proxy",
  "x-nextjs-data": "1",
  "x-now-route-matches": "locale=en-US",
  "x-prerender-revalidate": "anything",
  "next-resume": "1",
};
const PREFETCH_HEADERS: [string, string][] = [
  ["purpose", "prefetch"],
  ["sec-purpose", "prefetch"],
  ["sec-purpose", "prefetch;prerender"],
];
const POISONING_HEADERS: [string, string][] = [...Object.entries(NEXT_HEADERS), ...PREFETCH_HEADERS];

describe("the rendered-page cache against poisoning", () => {
  it("knows Next.js's headers (the list this test sends)", () => {
    for (const name of [
      "rsc",
      "next-router-state-tree",
      "next-router-prefetch",
      "next-router-segment-prefetch",
      "next-url",
      "next-action",
    ]) {
      expect(Object.keys(NEXT_HEADERS)).toContain(name);
    }
  });

  for (const [name, value] of POISONING_HEADERS) {
    it(`passes a request with ${name}: ${value} to Next.js and serves every visitor after it the full page`, async () => {
      for (const route of ROUTES) {
        for (const encoding of ["gzip", "identity"]) {
          const attempt = await get(route, { [name]: value, "accept-encoding": encoding });
          expect(attempt.headers.get(CACHE_STATUS_HEADER), `${route} ${name}`).not.toBe("HIT");
          const plain = await get(route, { "accept-encoding": encoding });
          expect(plain.status, `${route} ${name}`).toBe(200);
          expect(plain.body.startsWith("<!DOCTYPE html>"), `${route} ${name}: ${plain.body.slice(0, 40)}`).toBe(true);
          expect(plain.body).toContain(PAGE_MARK);
          // Cached now; the same header still goes to Next.js, never to the visitors' copy.
          expect((await get(route, { "accept-encoding": encoding })).headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
          const before = renders;
          const again = await get(route, { [name]: value, "accept-encoding": encoding });
          expect(renders, `${route} ${name}`).toBe(before + 1);
          expect(again.headers.get(CACHE_STATUS_HEADER)).not.toBe("HIT");
        }
      }
    });
  }

  it("stores only a full HTML document: no fragment, no JSON sent as HTML, nothing without a content type", async () => {
    for (const answer of ["fragment", "json-as-html", "untyped"]) {
      for (const route of ROUTES) {
        const odd = await get(route, { "x-answer": answer, "accept-encoding": "gzip" });
        expect(odd.status).toBe(200);
        const plain = await get(route, { "accept-encoding": "gzip" });
        expect(plain.headers.get(CACHE_STATUS_HEADER), `${route} after ${answer}`).toBe("MISS");
        expect(plain.body.startsWith("<!DOCTYPE html>")).toBe(true);
        cache = new RenderedPageCache(60_000);
      }
    }
  });

  it("keys the copy by the accepted encoding: a gzip visitor's copy never reaches one without gzip", async () => {
    await get("/en-US", { "accept-encoding": "gzip" });
    const plain = await fetch(`${base}/en-US`, { headers: { "accept-encoding": "identity", "x-forwarded-for": "5.160.0.1" } });
    expect(plain.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.text()).startsWith("<!DOCTYPE html>")).toBe(true);
  });
});
