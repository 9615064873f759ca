/**
 * What the tests of boosters' YouTube channels share (tests/api/youtube): a fake of Google (OAuth and the
 * YouTube Data API with the boosters' tokens) with the campaigns' target channel and video, the production
 * adapter aimed at it, an API test with it, and a booster's way through Google's consent page back to our callback.
 */
import { expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { activities } from "@/server/db/schema";
import type { Database } from "@/server/db/client";
import { youtubeAccounts, type YoutubeAccounts } from "@/server/adapters/youtube-account";
import type { caller } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";
import { fakeGoogleState, type FakeGoogleState, type FakeGoogleUser } from "@/tests/support/fake-google-account";

/** The channel campaigns ask to subscribe to (also behind @takapoo_channel) and its video. */
export const TARGET = "UCtakapooTargetChannel01";
export const VIDEO = "dQw4w9WgXcQ";

/** Google's state for a file: these users, TARGET's handle and VIDEO. */
export function googleWith(users: FakeGoogleUser[]): FakeGoogleState {
  return fakeGoogleState({
    clientId: "test-client",
    clientSecret: "test-secret",
    users,
    handles: new Map([["@takapoo_channel", TARGET]]),
    videos: new Map([[VIDEO, TARGET]]),
  });
}

/** Our YouTube accounts adapter aimed at the fake Google at `url`. */
export function accountsAt(url: string, options: { likeChecks: boolean; timeoutMs?: number }): YoutubeAccounts {
  return youtubeAccounts({
    clientId: "test-client",
    clientSecret: "test-secret",
    likeChecks: options.likeChecks,
    authUrl: `${url}/o/oauth2/v2/auth`,
    tokenUrl: `${url}/token`,
    revokeUrl: `${url}/revoke`,
    apiBaseUrl: url,
    timeoutMs: options.timeoutMs ?? 3_000,
  });
}

/**
 * The API test whose app checks YouTube through `accounts` (made by `makeAccounts`; a test may swap the
 * app's for another with rebuild), with `row`: an activity as stored.
 */
export function youtubeApiTest(makeAccounts: () => YoutubeAccounts) {
  return apiTest
    .extend("accounts", makeAccounts)
    .extend(
      "row",
      ({ database }) =>
        async (id: string) =>
          (await database.db.select().from(activities).where(eq(activities.id, id)))[0]!,
    )
    .override("appDeps", ({ accounts }) => ({ youtubeAccounts: accounts }));
}

export type ConsentOptions = { likes?: boolean; decision?: "allow" | "deny"; locale?: string; foreign?: boolean };

/**
 * Goes through Google's consent page as `account` (index into the fake's users) and back to our callback,
 * in `locale` (the caller's default when not given); `foreign`: back in another browser, without the
 * flow's cookie.
 */
export async function consentAtGoogle(call: ReturnType<typeof caller>, token: string, account: number, options: ConsentOptions = {}) {
  const started = await call(
    "youtube/connect",
    { likes: options.likes ?? false },
    { token, ...(options.locale ? { locale: options.locale } : {}) },
  );
  expect(started.status).toBe(200);
  const authorize = new URL(started.body.data.authorize_url as string);
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  const form = new URLSearchParams(authorize.searchParams);
  form.set("account", String(account));
  form.set("decision", options.decision ?? "allow");
  const consented = await fetch(authorize.origin + authorize.pathname, { method: "POST", body: form, redirect: "manual" });
  expect(consented.status).toBe(302);
  const back = new URL(consented.headers.get("location")!);
  expect(back.pathname).toBe("/api/youtube/callback");
  // The browser that started carries the flow's cookie back (SameSite=Lax: sent on Google's redirect).
  const cookie = started.cookies.map((c) => c.split(";")[0]).join("; ");
  expect(started.cookies.join()).toMatch(/takapoo_youtube_state=[\w-]+;.*Path=\/api\/youtube\/callback;.*HttpOnly;.*SameSite=Lax/i);
  const done = await call(`youtube/callback${back.search}`, undefined, {
    method: "GET",
    cookie: options.foreign ? undefined : cookie,
  });
  return { authorize, back, done, cookie, location: done.response.headers.get("location") };
}

/** Google's quota day turns: what today's ledger spent (or Google closed) becomes yesterday's, so the budget is whole again. */
export async function quotaDayPasses(database: Database) {
  await database.db.execute(sql`update youtube_quota_days set day = day - 1`);
}
