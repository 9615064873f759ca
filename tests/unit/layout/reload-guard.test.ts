import { describe, expect, it } from "vitest";
import { claimReload, isChunkLoadError, RELOAD_GUARD_TTL_MS } from "@/lib/navigation/reload-guard";
import { isInAppNavigation, isNewDeployment } from "@/lib/navigation/deployment";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe("chunk-load reload guard", () => {
  it("reloads once, then not again within 10 s, then again after", () => {
    const storage = memoryStorage();
    expect(claimReload(storage, 1_000_000)).toBe(true);
    expect(claimReload(storage, 1_000_000 + RELOAD_GUARD_TTL_MS - 1)).toBe(false);
    expect(claimReload(storage, 1_000_000 + RELOAD_GUARD_TTL_MS)).toBe(true);
  });

  it("recognises chunk-load failures only", () => {
    expect(isChunkLoadError({ name: "ChunkLoadError", message: "x" })).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /_next/static/chunks/a.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk 123 failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe("new deployment", () => {
  it("is seen only when both ids are known and differ", () => {
    expect(isNewDeployment("a", "b")).toBe(true);
    expect(isNewDeployment("a", "a")).toBe(false);
    expect(isNewDeployment(undefined, "b")).toBe(false);
    expect(isNewDeployment("a", null)).toBe(false);
  });

  it("treats only plain same-origin clicks to another page as in-app navigations", () => {
    const location = { origin: "https://takapoo.test", pathname: "/", search: "" };
    const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
    const anchor = (href: string, target = "") => ({ href, target, hasAttribute: () => false });
    expect(isInAppNavigation(anchor("https://takapoo.test/contact"), click, location)).toBe(true);
    expect(isInAppNavigation(anchor("https://takapoo.test/"), click, location)).toBe(false);
    expect(isInAppNavigation(anchor("https://elsewhere.test/"), click, location)).toBe(false);
    expect(isInAppNavigation(anchor("https://takapoo.test/contact", "_blank"), click, location)).toBe(false);
    expect(isInAppNavigation(anchor("https://takapoo.test/contact"), { ...click, ctrlKey: true }, location)).toBe(false);
    expect(isInAppNavigation(anchor("https://takapoo.test/api/docs"), click, location)).toBe(false);
  });
});
