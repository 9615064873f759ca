import { get as httpGet, type IncomingMessage, type ServerResponse } from "node:http";
import { gunzipSync } from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import { CACHE_STATUS_HEADER, etagMatches, RenderedPageCache } from "@/server/http/rendered-page-cache";
import { nextCompression, serveBehindProxy } from "@/tests/api/support/page-server";

/** Stands in for Next.js: counts renders and answers as told per path. */
let renders = 0;
let version = "v1";
const compress = nextCompression();
function fakeNext(req: IncomingMessage, res: ServerResponse) {
  compress(req, res, () => {
    renders++;
    if (req.url === "/pages/missing") {
      res.statusCode = 404;
      res.end("not found");
      return;
    }
    if (req.url === "/en-US/contact") res.setHeader("Set-Cookie", "x=1");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("ETag", `"${version}"`);
    res.setHeader("Cache-Control", "s-maxage=31536000");
    // Written in two pieces, like a streamed render.
    res.write(`<!DOCTYPE html><html><body>${req.url} ${version} `);
    res.end(`${"padding ".repeat(200)}</body></html>`);
  });
}

let cache: RenderedPageCache;
let base = "";
serveBehindProxy(
  (req, res) => cache.handle(req, res, () => fakeNext(req, res)),
  (url) => (base = url),
);
beforeEach(() => {
  cache = new RenderedPageCache(60_000);
  renders = 0;
  version = "v1";
});

/**
 * One request, read to its end. The cache keeps an answer once Next.js has finished writing it,
 * which (compressed) can be after the client already has the headers; a test's next request must
 * not overtake that.
 */
async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { headers: { "x-forwarded-for": "5.160.0.1", ...headers } });
  const body = await response.text();
  return { status: response.status, headers: response.headers, text: async () => body };
}

describe("RenderedPageCache", () => {
  it("renders a public page once, then answers with the same status, headers and compressed body", async () => {
    const first = await get("/en-US", { "accept-encoding": "gzip" });
    expect(first.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    const firstBody = await first.text();
    const second = await get("/en-US", { "accept-encoding": "gzip" });
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect(second.status).toBe(200);
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("etag")).toBe('"v1"');
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await second.text()).toBe(firstBody);
    expect(firstBody).toContain("/en-US v1");
    expect(renders).toBe(1);
  });

  it("keeps one copy per accepted encoding: a client without gzip never gets gzip", async () => {
    await get("/en-US", { "accept-encoding": "gzip" });
    const plain = await get("/en-US", { "accept-encoding": "identity" });
    expect(plain.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const again = await fetch(base + "/en-US", { headers: { "accept-encoding": "identity" } });
    expect(again.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect(again.headers.get("content-encoding")).toBeNull();
    expect(await again.text()).toContain("/en-US v1");
    expect(renders).toBe(2);
  });

  it("stores the compressed bytes Next.js sent", async () => {
    await get("/pages/about", { "accept-encoding": "gzip" });
    const raw = await new Promise<Buffer>((resolve) => {
      const req = httpGet(base + "/pages/about", { headers: { "accept-encoding": "gzip", "x-forwarded-for": "5.160.0.1" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(Buffer.concat(chunks)));
      });
      req.end();
    });
    expect(gunzipSync(raw).toString()).toContain("/pages/about v1");
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    await get("/en-US");
    const response = await get("/en-US", { "if-none-match": '"v1"' });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
    expect(renders).toBe(1);
  });

  it("never keeps a 404, an answer that sets a cookie, or a navigation's RSC request", async () => {
    await get("/pages/missing");
    expect((await get("/pages/missing")).status).toBe(404);
    await get("/en-US/contact");
    await get("/en-US/contact");
    await get("/en-US", { rsc: "1" });
    await get("/en-US", { rsc: "1" });
    expect(renders).toBe(6);
  });

  it("drops an edited content page in every locale and encoding, and nothing else", async () => {
    await get("/pages/about");
    await get("/en-US/pages/about", { "accept-encoding": "gzip" });
    await get("/en-US/pages/privacy");
    await get("/en-US");
    version = "v2";
    cache.dropContentPage("about");
    expect(await (await get("/pages/about")).text()).toContain("v2");
    expect(await (await get("/en-US/pages/about", { "accept-encoding": "gzip" })).text()).toContain("v2");
    expect(await (await get("/en-US/pages/privacy")).text()).toContain("v1");
    expect(await (await get("/en-US")).text()).toContain("v1");
    expect(renders).toBe(6);
  });

  it("renders again once an entry has lived its time", async () => {
    cache = new RenderedPageCache(0);
    await get("/en-US");
    await get("/en-US");
    expect(renders).toBe(2);
  });

  it("sends a visitor from another country on to Next.js (the proxy redirects them)", async () => {
    await get("/", { "x-forwarded-for": "78.160.0.1" });
    await get("/", { "x-forwarded-for": "78.160.0.1" });
    expect(renders).toBe(2);
  });

  it("reads the trusted country header however its name is cased in TRUST_PROXY_COUNTRY_HEADER", async () => {
    const configured = process.env.TRUST_PROXY_COUNTRY_HEADER;
    process.env.TRUST_PROXY_COUNTRY_HEADER = "CF-IPCountry";
    try {
      // A Persian visitor's landing page is kept; a visitor the header places in Turkey is not given it.
      await get("/", { "cf-ipcountry": "IR" });
      await get("/", { "cf-ipcountry": "IR" });
      expect(renders).toBe(1);
      const turkish = await get("/", { "cf-ipcountry": "TR" });
      expect(turkish.headers.get(CACHE_STATUS_HEADER)).toBeNull();
      expect(renders).toBe(2);
    } finally {
      if (configured === undefined) delete process.env.TRUST_PROXY_COUNTRY_HEADER;
      else process.env.TRUST_PROXY_COUNTRY_HEADER = configured;
    }
  });
});

describe("etagMatches", () => {
  it("compares weakly, in a list, and with *", () => {
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches("*", '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});
