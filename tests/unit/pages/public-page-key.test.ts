import { describe, expect, it } from "vitest";
import { cookieValue, publicPageKey, type PublicPageRequest } from "@/lib/content/public-page-key";

const request = (url: string, headers: Record<string, string> = {}, extra: Partial<PublicPageRequest> = {}): PublicPageRequest => ({
  method: "GET",
  url,
  header: (name) => headers[name],
  headerNames: () => Object.keys(headers),
  country: () => "IR",
  ...extra,
});

describe("publicPageKey", () => {
  it("keys the public pages by locale, URL and accepted encoding", () => {
    expect(publicPageKey(request("/", { "accept-encoding": "gzip, br" }))).toEqual({ key: "fa-IR / gzip,br", locale: "fa-IR", slug: null });
    expect(publicPageKey(request("/en-US/contact"))).toEqual({ key: "en-US /en-US/contact ", locale: "en-US", slug: null });
    expect(publicPageKey(request("/ar-AE/pages/terms-of-use"))?.slug).toBe("terms-of-use");
    expect(publicPageKey(request("/en-US", { "accept-encoding": "gzip" }))?.key).not.toBe(publicPageKey(request("/en-US"))?.key);
  });

  it("follows the proxy's locale decision: a language cookie or a foreign visitor's redirect is not served from the cache", () => {
    // An Iranian visitor gets the unprefixed Persian page; a Turkish one is redirected to /tr-TR.
    expect(publicPageKey(request("/", {}, { country: () => "TR" }))).toBeNull();
    expect(publicPageKey(request("/", { cookie: "a=1; NEXT_LOCALE=en-US" }))).toBeNull();
    expect(publicPageKey(request("/", { cookie: "NEXT_LOCALE=fa-IR" }))?.locale).toBe("fa-IR");
    // The /fa-IR prefix and a wrongly cased prefix redirect permanently.
    expect(publicPageKey(request("/fa-IR"))).toBeNull();
    expect(publicPageKey(request("/en-us"))).toBeNull();
  });

  it("leaves every other request to Next.js", () => {
    for (const url of [
      "/dashboard",
      "/auth/login",
      "/admin",
      "/contact/",
      "/pages/About",
      "/pages/a/b",
      "/?utm=x",
      "/pages/%61bout",
      "/sitemap.xml",
    ]) {
      expect(publicPageKey(request(url)), url).toBeNull();
    }
    expect(publicPageKey(request("/", {}, { method: "POST" }))).toBeNull();
    expect(publicPageKey(request("/en-US", { "accept-encoding": `gzip, ${"x".repeat(80)}` }))).toBeNull();
    for (const header of [
      "rsc",
      "next-router-prefetch",
      "next-router-state-tree",
      "next-router-segment-prefetch",
      "next-action",
      "next-url",
      "next-hmr-refresh",
      "x-middleware-prefetch",
      "x-middleware-subrequest",
      "x-nextjs-data",
      "x-now-route-matches",
      "x-prerender-revalidate",
    ]) {
      expect(publicPageKey(request("/en-US", { [header]: "1" })), header).toBeNull();
    }
    for (const [name, value] of [
      ["purpose", "prefetch"],
      ["sec-purpose", "prefetch"],
      ["sec-purpose", "prefetch;prerender"],
    ]) {
      expect(publicPageKey(request("/en-US", { [name!]: value! })), `${name}: ${value}`).toBeNull();
    }
    // A browser's ordinary headers leave the page cacheable.
    expect(publicPageKey(request("/en-US", { "sec-fetch-dest": "document", "sec-purpose": "", "user-agent": "x" }))).not.toBeNull();
  });

  it("asks for the country only when the URL has no locale and no cookie decides", () => {
    let asked = 0;
    const country = () => {
      asked++;
      return "IR";
    };
    publicPageKey(request("/en-US", {}, { country }));
    publicPageKey(request("/", { cookie: "NEXT_LOCALE=fa-IR" }, { country }));
    expect(asked).toBe(0);
    publicPageKey(request("/contact", {}, { country }));
    expect(asked).toBe(1);
  });
});

describe("cookieValue", () => {
  it("finds one cookie among several", () => {
    expect(cookieValue("x=1; NEXT_LOCALE=tr-TR; y=2", "NEXT_LOCALE")).toBe("tr-TR");
    expect(cookieValue("NEXT_LOCALEX=tr-TR", "NEXT_LOCALE")).toBeNull();
    expect(cookieValue(undefined, "NEXT_LOCALE")).toBeNull();
  });
});
