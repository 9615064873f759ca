import { describe, expect, it } from "vitest";
import { alternatesFor, publicPaths, siteUrl } from "@/lib/seo/alternates";
import { shapeArabic, visualOrder } from "@/lib/seo/arabic-shaping";
import { wordBoxes } from "@/lib/seo/og-card";
import { defaultOgImagePath, defaultOgImagePaths, OG_IMAGE_SIZE, socialMetadata } from "@/lib/seo/social";

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

describe("social previews", () => {
  it("gives a page without its own image the locale's default 1200×630 PNG card, on Open Graph and Twitter", () => {
    const meta = socialMetadata({ locale: "en-US", alt: "Takapoo: Grow your channel", siteName: "Takapoo" });
    const card = { url: "/en-US/opengraph-image/card.png", width: 1200, height: 630, alt: "Takapoo: Grow your channel", type: "image/png" };
    expect(meta.openGraph).toMatchObject({ siteName: "Takapoo", locale: "en_US", type: "website", images: [card] });
    expect(meta.twitter).toMatchObject({ card: "summary_large_image", images: [card] });
    expect(OG_IMAGE_SIZE).toEqual({ width: 1200, height: 630 });
  });

  it("keeps a content page's own og_image, and falls back to the default when it is empty", () => {
    const own = socialMetadata({
      locale: "fa-IR",
      alt: "x",
      title: "T",
      description: "D",
      image: "https://cdn.example/p.png",
      type: "article",
    });
    expect(own.openGraph).toMatchObject({ title: "T", description: "D", type: "article", images: [{ url: "https://cdn.example/p.png" }] });
    expect(own.twitter).toMatchObject({ card: "summary_large_image", images: [{ url: "https://cdn.example/p.png" }] });
    const blank = socialMetadata({ locale: "fa-IR", alt: "x", image: "  " });
    expect(blank.openGraph).toMatchObject({ images: [{ url: "/fa-IR/opengraph-image/card.png", width: 1200, height: 630 }] });
  });

  it("serves each locale's card under its own prefix, with a dot so the locale proxy leaves it alone", () => {
    expect(defaultOgImagePaths()).toEqual([
      "/fa-IR/opengraph-image/card.png",
      "/en-US/opengraph-image/card.png",
      "/tr-TR/opengraph-image/card.png",
      "/ar-AE/opengraph-image/card.png",
    ]);
    expect(defaultOgImagePath("ar-AE")).toMatch(/\.png$/);
  });
});

describe("the card's right-to-left text", () => {
  it("puts Persian and Arabic letters in their joined forms, ZWNJ and lam-alef included", () => {
    expect(shapeArabic("تکاپو")).toBe("\ufe97\ufb91\ufe8e\ufb58\ufeee");
    // آدم‌های: the ZWNJ ends م's joining and is dropped; ه starts afresh.
    expect(shapeArabic("آدم\u200cهای")).toBe("\ufe81\ufea9\ufee1\ufeeb\ufe8e\ufbfc");
    expect(shapeArabic("سلام")).toBe("\ufeb3\ufefc\ufee1");
    expect(shapeArabic("Takapoo 2026")).toBe("Takapoo 2026");
  });

  it("orders a shaped word for drawing from the left, marks after their letter, digits as they read", () => {
    expect(visualOrder("\ufe97\ufb91")).toBe("\ufb91\ufe97");
    expect(visualOrder("\ufe97\u0650\ufb91")).toBe("\ufb91\ufe97\u0650");
    expect(visualOrder("\ufe97 12")).toBe("12 \ufe97");
    expect(visualOrder("Grow")).toBe("Grow");
  });

  it("lays a line out word by word, trailing punctuation apart", () => {
    expect(wordBoxes("Real people. Real engagement.")).toEqual([["Real"], ["people", "."], ["Real"], ["engagement", "."]]);
    const fa = wordBoxes("آدم‌های واقعی، تعامل");
    expect(fa).toHaveLength(3);
    expect(fa[1]).toEqual([visualOrder(shapeArabic("واقعی")), "،"]);
  });
});
