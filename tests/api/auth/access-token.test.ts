import { afterEach, describe, expect, it, vi } from "vitest";
import { signAccessToken, verifyAccessToken } from "@/server/auth/jwt";

// Access tokens are verified once and their claims kept until the token's expiry (server/auth/jwt.ts).

const key = new TextEncoder().encode("k".repeat(48));
const claims = { userId: "0190f0a0-0000-7000-8000-000000000001", sessionId: "0190f0a0-0000-7000-8000-000000000002" };

afterEach(() => void vi.useRealTimers());

describe("access tokens", () => {
  it("a kept token still expires: refused once its expiry passes, though it was verified before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-25T12:00:00Z"));
    const token = await signAccessToken(key, claims);
    expect(await verifyAccessToken(key, token)).toEqual(claims);
    expect(await verifyAccessToken(key, token)).toEqual(claims);
    vi.setSystemTime(new Date("2026-11-25T12:15:01Z"));
    expect(await verifyAccessToken(key, token)).toBeNull();
    vi.setSystemTime(new Date("2026-11-25T12:05:00Z"));
    expect(await verifyAccessToken(key, token)).toEqual(claims);
  });

  it("a kept token is not taken under another key (a changed AUTH_SECRET), nor a token differing by a character", async () => {
    const token = await signAccessToken(key, claims);
    expect(await verifyAccessToken(key, token)).toEqual(claims);
    expect(await verifyAccessToken(new TextEncoder().encode("o".repeat(48)), token)).toBeNull();
    const [header, payload, signature] = token.split(".");
    const flipped = `${header}.${payload}.${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`;
    expect(await verifyAccessToken(key, flipped)).toBeNull();
  });

  it("a token of ours naming a user or session that is no UUID is no one's", async () => {
    for (const odd of [
      { ...claims, userId: "x" },
      { ...claims, sessionId: "1; drop table users" },
    ]) {
      expect(await verifyAccessToken(key, await signAccessToken(key, odd))).toBeNull();
    }
  });
});
