import { describe, expect, it } from "vitest";
import { alternatesFor, publicPaths, siteUrl } from "@/lib/seo/alternates";

describe("SEO alternates", () => {
  it("names the canonical URL of the locale and every language plus x-default", () => {
    expect(alternatesFor("en-US", "/contact")).toEqual({
      canonical: "/en-US/contact",
      languages: {
        "fa-IR": "/contact",
        "en-US": "/en-US/contact",
        "tr-TR": "/tr-TR/contact",
        "ar-AE": "/ar-AE/contact",
        "x-default": "/contact",
      },
    });
    expect(alternatesFor("fa-IR", "/").canonical).toBe("/");
  });

  it("lists every public page and reads the origin from SITE_URL", () => {
    expect(publicPaths(["about", "terms"])).toEqual(["/", "/contact", "/pages/about", "/pages/terms"]);
    expect(siteUrl({ SITE_URL: "https://takapoo.ir" }).origin).toBe("https://takapoo.ir");
    expect(siteUrl({ PORT: "4321" }).origin).toBe("http://localhost:4321");
  });
});
