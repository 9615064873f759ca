import { describe, expect, it } from "vitest";
import { decideLocale, localizedPath, stripLocale } from "@/lib/i18n/negotiate";
import { directionOf, localeFromCountry, normalizeCountryCode } from "@/lib/i18n/locales";

describe("decideLocale", () => {
  it("serves a non-default prefix as it is", () => {
    expect(decideLocale({ pathname: "/en-US/contact", country: "IR" })).toEqual({ kind: "next", locale: "en-US" });
    expect(decideLocale({ pathname: "/ar-AE", cookieLocale: "tr-TR" })).toEqual({ kind: "next", locale: "ar-AE" });
  });

  it("redirects the /fa-IR prefix permanently to the unprefixed URL", () => {
    expect(decideLocale({ pathname: "/fa-IR" })).toEqual({ kind: "redirect", locale: "fa-IR", pathname: "/", status: 308 });
    expect(decideLocale({ pathname: "/fa-IR/pages/about" })).toEqual({
      kind: "redirect",
      locale: "fa-IR",
      pathname: "/pages/about",
      status: 308,
    });
  });

  it("canonicalises the case of a prefix", () => {
    expect(decideLocale({ pathname: "/en-us/contact" })).toEqual({
      kind: "redirect",
      locale: "en-US",
      pathname: "/en-US/contact",
      status: 308,
    });
  });

  it("prefers the cookie over the country for unprefixed URLs", () => {
    expect(decideLocale({ pathname: "/contact", cookieLocale: "ar-AE", country: "TR" })).toEqual({
      kind: "redirect",
      locale: "ar-AE",
      pathname: "/ar-AE/contact",
      status: 307,
    });
    expect(decideLocale({ pathname: "/", cookieLocale: "fa-IR", country: "US" })).toEqual({
      kind: "rewrite",
      locale: "fa-IR",
      pathname: "/fa-IR",
    });
  });

  it("falls back to the country, ignoring a cookie that is not a locale", () => {
    expect(decideLocale({ pathname: "/", cookieLocale: "xx", country: "TR" })).toMatchObject({ kind: "redirect", pathname: "/tr-TR" });
    expect(decideLocale({ pathname: "/x", country: "DE" })).toMatchObject({ kind: "redirect", pathname: "/en-US/x" });
    expect(decideLocale({ pathname: "/x", country: "IR" })).toEqual({ kind: "rewrite", locale: "fa-IR", pathname: "/fa-IR/x" });
    expect(decideLocale({ pathname: "/x", country: null })).toEqual({ kind: "rewrite", locale: "fa-IR", pathname: "/fa-IR/x" });
  });
});

describe("country lookup", () => {
  it("is asked only for unprefixed URLs without a language cookie", () => {
    let asked = 0;
    const country = () => {
      asked++;
      return "TR";
    };
    decideLocale({ pathname: "/en-US/contact", country });
    decideLocale({ pathname: "/fa-IR/contact", country });
    decideLocale({ pathname: "/contact", cookieLocale: "en-US", country });
    expect(asked).toBe(0);
    expect(decideLocale({ pathname: "/contact", country })).toMatchObject({ kind: "redirect", pathname: "/tr-TR/contact" });
    expect(asked).toBe(1);
  });
});

describe("locale helpers", () => {
  it("maps countries as SPEC §4 says", () => {
    expect(localeFromCountry("IR")).toBe("fa-IR");
    expect(localeFromCountry("tr")).toBe("tr-TR");
    expect(localeFromCountry("AE")).toBe("en-US");
    expect(localeFromCountry("XX")).toBe("fa-IR");
    expect(localeFromCountry(undefined)).toBe("fa-IR");
    expect(normalizeCountryCode("T1")).toBeNull();
  });

  it("knows the direction", () => {
    expect(directionOf("fa-IR")).toBe("rtl");
    expect(directionOf("ar-AE")).toBe("rtl");
    expect(directionOf("en-US")).toBe("ltr");
    expect(directionOf("tr-TR")).toBe("ltr");
  });

  it("builds and strips localized paths", () => {
    expect(localizedPath("fa-IR", "/contact")).toBe("/contact");
    expect(localizedPath("en-US", "/")).toBe("/en-US");
    expect(localizedPath("tr-TR", "/pages/about")).toBe("/tr-TR/pages/about");
    expect(stripLocale("/en-US/contact")).toBe("/contact");
    expect(stripLocale("/ar-AE")).toBe("/");
    expect(stripLocale("/contact")).toBe("/contact");
  });
});

describe("contentPageSlug", () => {
  it("finds the slug of content page URLs in every variant, and nothing else", async () => {
    const { contentPageSlug } = await import("@/lib/content/paths");
    expect(contentPageSlug("/pages/about")).toBe("about");
    expect(contentPageSlug("/en-US/pages/terms/")).toBe("terms");
    expect(contentPageSlug("/ar-AE/pages/%D8%A7")).toBe("ا");
    expect(contentPageSlug("/pages")).toBeNull();
    expect(contentPageSlug("/pages/a/b")).toBeNull();
    expect(contentPageSlug("/contact")).toBeNull();
  });
});
