import { expect, test } from "./support/fixtures";

/**
 * Cache poisoning on the production build (issue 13 item 1; tests/api/security/page-cache.test.ts
 * covers the same with a stand-in for Next.js): a request carrying one of Next.js's own headers
 * gets Next.js's own answer (`{}`, an RSC payload …), and the next plain visitor of the same page
 * still gets the full document.
 */

const ROUTES = ["/", "/en-US", "/contact", "/en-US/contact", "/pages/about", "/tr-TR/pages/about"];
const HEADERS: Record<string, string>[] = [
  { "x-middleware-prefetch": "1" },
  { rsc: "1" },
  { rsc: "1", "next-router-prefetch": "1" },
  { rsc: "1", "next-router-segment-prefetch": "/_tree" },
  { "next-router-state-tree": encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }, null, null, true])) },
  { "next-url": "/en-US" },
  { "x-nextjs-data": "1" },
  { purpose: "prefetch" },
  { "sec-purpose": "prefetch" },
];
// A visitor from Iran, so the unprefixed pages are served rather than redirected.
const IRAN = { "cf-ipcountry": "IR" };

test("no request with Next.js's own headers changes what the next visitor of a cached page gets", async ({ request }) => {
  test.setTimeout(120_000);
  for (const route of ROUTES) {
    for (const headers of HEADERS) {
      for (const encoding of ["gzip, deflate, br", "identity"]) {
        await request.get(route, { headers: { ...IRAN, ...headers, "accept-encoding": encoding }, maxRedirects: 0 });
        const plain = await request.get(route, { headers: { ...IRAN, "accept-encoding": encoding }, maxRedirects: 0 });
        const label = `${route} after ${JSON.stringify(headers)} (${encoding})`;
        expect(plain.status(), label).toBe(200);
        expect(plain.headers()["content-type"], label).toContain("text/html");
        const body = await plain.text();
        expect(body.startsWith("<!DOCTYPE html>"), `${label}: ${body.slice(0, 40)}`).toBe(true);
        expect(body, label).toContain("</html>");
      }
    }
  }
});

test("the answer to x-middleware-prefetch is never served from the cache", async ({ request }) => {
  await request.get("/en-US", { headers: IRAN });
  const cached = await request.get("/en-US", { headers: IRAN });
  expect(cached.headers()["x-page-cache"]).toBe("HIT");
  const prefetch = await request.get("/en-US", { headers: { ...IRAN, "x-middleware-prefetch": "1" } });
  expect(prefetch.headers()["x-page-cache"]).toBeUndefined();
  expect(await prefetch.text()).not.toContain("<!DOCTYPE html>");
});
