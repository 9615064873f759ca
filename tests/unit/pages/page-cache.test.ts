import { describe, expect, it } from "vitest";
import { cachedPage, invalidatePage, onPageInvalidated, PAGE_CACHE_TTL_MS } from "@/server/pages/page-cache";

describe("content page cache", () => {
  it("serves a loaded page until it expires or is invalidated, and never caches a failure", async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedPage("about\u0000fa-IR", load, 0)).toBe(1);
    expect(await cachedPage("about\u0000fa-IR", load, PAGE_CACHE_TTL_MS - 1)).toBe(1);
    expect(await cachedPage("about\u0000fa-IR", load, PAGE_CACHE_TTL_MS)).toBe(2);
    invalidatePage("about");
    expect(await cachedPage("about\u0000fa-IR", load, PAGE_CACHE_TTL_MS)).toBe(3);

    const failing = async () => {
      throw new Error("no such page");
    };
    await expect(cachedPage("nope\u0000fa-IR", failing, 0)).rejects.toThrow();
    expect(await cachedPage("nope\u0000fa-IR", load, 0)).toBe(4);
  });

  it("drops only the invalidated slug's locales, not a slug it is a prefix of", async () => {
    invalidatePage();
    let loads = 0;
    const load = async () => ++loads;
    await cachedPage("about\u0000fa-IR", load, 0);
    await cachedPage("about\u0000en-US", load, 0);
    await cachedPage("about-us\u0000fa-IR", load, 0);
    invalidatePage("about");
    expect(await cachedPage("about-us\u0000fa-IR", load, 1)).toBe(3);
    expect(await cachedPage("about\u0000en-US", load, 1)).toBe(4);
    expect(await cachedPage("about\u0000fa-IR", load, 1)).toBe(5);
  });

  it("tells its listeners the slug after the entries are gone, until they unsubscribe", async () => {
    invalidatePage();
    let loads = 0;
    const seen: Array<{ slug: string | undefined; reloaded: number }> = [];
    const stop = onPageInvalidated((slug) => {
      // By the time a listener runs, a read goes to the database again.
      void cachedPage("terms\u0000en-US", async () => ++loads, 0).then((value) => seen.push({ slug, reloaded: value }));
    });
    const plain: Array<string | undefined> = [];
    const stopPlain = onPageInvalidated((slug) => plain.push(slug));

    await cachedPage("terms\u0000en-US", async () => ++loads, 0);
    invalidatePage("terms");
    invalidatePage();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(plain).toEqual(["terms", undefined]);
    expect(seen.map((s) => s.slug)).toEqual(["terms", undefined]);
    expect(seen[0]!.reloaded).toBe(2);

    stop();
    stopPlain();
    invalidatePage("terms");
    expect(plain).toEqual(["terms", undefined]);
  });

  it("keeps telling the other listeners when one of them throws", () => {
    const told: Array<string | undefined> = [];
    const stopBroken = onPageInvalidated(() => {
      throw new Error("broken listener");
    });
    const stop = onPageInvalidated((slug) => told.push(slug));
    const error = console.error;
    console.error = () => undefined;
    try {
      expect(() => invalidatePage("privacy")).not.toThrow();
    } finally {
      console.error = error;
      stopBroken();
      stop();
    }
    expect(told).toEqual(["privacy"]);
  });
});
