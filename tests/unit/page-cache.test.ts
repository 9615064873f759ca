import { describe, expect, it } from "vitest";
import { cachedPage, invalidatePage, PAGE_CACHE_TTL_MS } from "@/server/domain/pages/page-cache";

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
});
