import { afterAll, beforeAll, describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, campaigns, youtubeLinks, youtubeOauthStates } from "@/server/db/schema";
import { releaseDueRewards } from "@/server/activities/retention";
import { youtubeRecheck } from "@/server/youtube/recheck";
import { openToken } from "@/server/youtube/token-box";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";
import { startFakeYoutube, type FakeYoutube } from "@/tests/support/fake-youtube";
import { FORCE_SSL, fakeGoogleUser, type FakeGoogleState } from "@/tests/support/fake-google-account";
import {
  accountsAt,
  consentAtGoogle,
  googleWith,
  quotaDayPasses,
  TARGET,
  VIDEO,
  youtubeApiTest,
  type ConsentOptions,
} from "@/tests/api/support/youtube-google";

// Boosters' YouTube channels and the API checks of their work: our production adapter against a fake
// of Google's OAuth endpoints and the YouTube Data API on 127.0.0.1.

let google: FakeGoogleState;
let fake: FakeYoutube;

const adapter = (likeChecks: boolean, timeoutMs = 3_000) => accountsAt(fake.url, { likeChecks, timeoutMs });

beforeAll(async () => {
  google = googleWith(
    Array.from({ length: 8 }, (_, i) => fakeGoogleUser(`b${i}@gmail.test`, { id: `UCfakeBoosterChannel000${i}`, title: `Booster ${i}` })),
  );
  google.users.push(fakeGoogleUser("nochannel@gmail.test", null));
  fake = await startFakeYoutube({ apiKey: "unused", google });
});
afterAll(() => fake.close());

// The app's YouTube accounts adapter (`accounts`), a test may swap for another with rebuild.
const it = youtubeApiTest(() => adapter(false))
  // Goes through Google's consent page as `account` (index into google.users) and back to our callback, in fa-IR unless told.
  .extend(
    "consent",
    ({ call }) =>
      (token: string, account: number, options: ConsentOptions = {}) =>
        consentAtGoogle(call, token, account, { ...options, locale: options.locale ?? "fa-IR" }),
  )
  .extend(
    "connectedBooster",
    ({ person, consent }) =>
      async function connectedBooster(account: number) {
        const booster = await person(0, true);
        expect((await consent(booster.token, account)).location).toBe("/dashboard/profile?youtube=connected");
        return booster;
      },
  )
  .extend(
    "openStored",
    ({ database }) =>
      async function openStored(userId: string) {
        const [stored] = await database.db.select().from(youtubeLinks).where(eq(youtubeLinks.userId, userId));
        return openToken({ db: database.db }, { box: stored!.refreshToken });
      },
  )
  .override("client", ({ serial }) => ({ address: `10.7.9.${serial % 250}` }));
const videoCampaign = { ...smartCampaign, link: `https://www.youtube.com/watch?v=${VIDEO}` };

describe("connecting a YouTube channel", () => {
  it("asks Google with state and PKCE, stores the channel with its token sealed, refuses replays and a channel on two accounts", async ({
    database,
    call,
    person,
    get,
    consent,
  }) => {
    const unverified = await person();
    const refused = await call("youtube/connect", {}, { token: unverified.token });
    expect(refused.status).toBe(403);

    const booster = await person(0, true);
    expect((await get("youtube/connection", booster.token)).body.data).toEqual({
      checks_today: { state: "open", resumes_at: expect.any(String) },
      enabled: true,
      like_checks: false,
      channel: null,
    });
    const first = await consent(booster.token, 0);
    const { authorize, back, done, location } = first;
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: "test-client",
      response_type: "code",
      scope: "https://www.googleapis.com/auth/youtube.readonly",
      code_challenge_method: "S256",
      access_type: "offline",
      include_granted_scopes: "true",
    });
    expect(authorize.searchParams.get("state")).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(done.status).toBe(303);
    expect(done.response.headers.get("cache-control")).toContain("no-store");
    expect(location).toBe("/dashboard/profile?youtube=connected");

    const connection = await get("youtube/connection", booster.token);
    expect(connection.body.data.channel).toMatchObject({ id: "UCfakeBoosterChannel0000", title: "Booster 0", like_checks_granted: false });
    const [stored] = await database.db.select().from(youtubeLinks).where(eq(youtubeLinks.userId, booster.user.id));
    expect(stored!.refreshToken).toMatch(/^v1\./);
    expect(stored!.refreshToken).not.toContain("1//0g");
    expect(await database.db.select().from(youtubeOauthStates)).toHaveLength(0);
    expect(done.response.headers.getSetCookie().join()).toMatch(/takapoo_youtube_state=;/);

    // The same redirect again: the state was used once.
    const replay = await call(`youtube/callback${back.search}`, undefined, { method: "GET", cookie: first.cookie });
    // (An unknown state has no language of its own: the request's, here en-US.)
    expect(replay.response.headers.get("location")).toBe("/en-US/dashboard/profile?youtube=expired");
    // A forged state: nothing connected.
    const forged = await call(`youtube/callback?state=forged&code=4%2F0Aabc`, undefined, { method: "GET" });
    expect(forged.response.headers.get("location")).toBe("/en-US/dashboard/profile?youtube=expired");

    // Someone starts on their account and gets another person's consent to land there (their
    // browser, without the starter's cookie): nothing is connected, and the starter's state still works.
    const starter = await person(0, true);
    const lured = await consent(starter.token, 4, { foreign: true });
    expect(lured.location).toBe("/en-US/dashboard/profile?youtube=expired");
    expect((await get("youtube/connection", starter.token)).body.data.channel).toBeNull();
    const own = await call(`youtube/callback${lured.back.search}`, undefined, { method: "GET", cookie: lured.cookie });
    expect(own.response.headers.get("location")).toBe("/dashboard/profile?youtube=connected");

    // Another account with the same Google account's channel is refused; cancelling at Google says so.
    const other = await person(0, true);
    expect((await consent(other.token, 0, { locale: "en-US" })).location).toBe("/en-US/dashboard/profile?youtube=taken");
    expect((await consent(other.token, 1, { decision: "deny" })).location).toBe("/dashboard/profile?youtube=denied");
    expect((await consent(other.token, 8)).location).toBe("/dashboard/profile?youtube=no_channel");
    expect((await get("youtube/connection", other.token)).body.data.channel).toBeNull();
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "youtube.connect"));
    expect(audits.map((a) => a.actorId).sort()).toEqual([booster.user.id, starter.user.id].sort());
  });

  it("disconnecting revokes the grant at Google and deletes what was stored; a grant revoked at Google counts as disconnected", async ({
    database,
    call,
    approvedCampaign,
    accounts,
    consent,
    connectedBooster,
    openStored,
  }) => {
    const booster = await connectedBooster(2);
    const gone = await call("youtube/connection", undefined, { method: "DELETE", token: booster.token });
    expect(gone.status).toBe(200);
    expect(gone.body.data).toEqual({ revoked: true });
    expect(await database.db.select().from(youtubeLinks).where(eq(youtubeLinks.userId, booster.user.id))).toHaveLength(0);
    expect((await call("youtube/connection", undefined, { method: "DELETE", token: booster.token })).status).toBe(409);

    // Connected again, then access removed from the Google account: the next check finds no channel.
    await consent(booster.token, 2);
    const [stored] = await database.db.select().from(youtubeLinks).where(eq(youtubeLinks.userId, booster.user.id));
    expect(stored).toBeDefined();
    const { id: campaignId } = await approvedCampaign([{ metric: "subscribers", action: "subscribe", unitPrice: 20_000, max: 3 }]);
    const started = await call(`tasks/${campaignId}.subscribers/start`, {}, { token: booster.token });
    expect(started.body.data.check_method).toBe("api");
    // Revoke at Google behind our back (as myaccount.google.com/permissions does).
    await accounts.revoke(await openStored(booster.user.id));
    const check = await call(`activities/${started.body.data.id}/check`, {}, { token: booster.token });
    expect(check.status).toBe(409);
    expect(check.body.error!.code).toBe("youtube_not_connected");
    expect(await database.db.select().from(youtubeLinks).where(eq(youtubeLinks.userId, booster.user.id))).toHaveLength(0);
  });
});

describe("tasks checked by YouTube's API", () => {
  it("a subscription: not there → 422 and still in progress; there → approved at once, held, the campaign moves", async ({
    database,
    call,
    approvedCampaign,
    get,
    row,
    connectedBooster,
  }) => {
    const booster = await connectedBooster(3);
    const { id: campaignId } = await approvedCampaign([{ metric: "subscribers", action: "subscribe", unitPrice: 20_000, max: 3 }]);
    const tasks = await get("tasks?network=youtube", booster.token);
    expect(tasks.body.data.find((t: { id: string }) => t.id === `${campaignId}.subscribers`)).toMatchObject({ check_method: "api" });
    const started = await call(`tasks/${campaignId}.subscribers/start`, {}, { token: booster.token });
    const id = started.body.data.id as string;

    const notYet = await call(`activities/${id}/check`, {}, { token: booster.token, locale: "fa-IR" });
    expect(notYet.status).toBe(422);
    expect(notYet.body.error!.code).toBe("check_failed_not_subscribed");
    expect(notYet.body.error!.message).toContain("مشترک");
    expect((await row(id)).status).toBe("in_progress");
    expect(google.calls.at(-1)).toMatchObject({ path: "/subscriptions", params: { mine: "true", forChannelId: TARGET } });

    // Someone else cannot check it; YouTube out of quota changes nothing.
    const stranger = await connectedBooster(4);
    expect((await call(`activities/${id}/check`, {}, { token: stranger.token })).status).toBe(404);
    google.users[3]!.subscriptions.add(TARGET);
    google.failNext = "quota";
    const quota = await call(`activities/${id}/check`, {}, { token: booster.token });
    expect(quota.status).toBe(503);
    expect(quota.body.error!.code).toBe("youtube_quota_spent");
    expect((await row(id)).status).toBe("in_progress");
    // Google said the day's quota is spent: the next check is refused here, without asking Google, until its next day.
    const asked = google.calls.length;
    expect((await call(`activities/${id}/check`, {}, { token: booster.token })).body.error?.code).toBe("youtube_quota_spent");
    expect(google.calls).toHaveLength(asked);
    await quotaDayPasses(database);

    const passed = await call(`activities/${id}/check`, {}, { token: booster.token });
    expect(passed.status).toBe(200);
    expect(passed.body.data).toMatchObject({ status: "approved", check_method: "api", decided_by: "api" });
    expect(await balancesOf({ db: database.db }, { userId: booster.user.id })).toMatchObject({ held: passed.body.data.reward });
    const [campaign] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign!.progress).toBe(33);
    expect((await call(`activities/${id}/check`, {}, { token: booster.token })).status).toBe(409);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([["activity.approve_checked", null]]);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("a comment: found by the booster's channel among the video's comments, with the words they give", async ({
    call,
    person,
    approvedCampaign,
    row,
    connectedBooster,
  }) => {
    const booster = await connectedBooster(5);
    const { id: campaignId } = await approvedCampaign(
      [{ metric: "comments", action: "comment", unitPrice: 30_000, max: 2 }],
      person,
      videoCampaign,
    );
    const started = await call(`tasks/${campaignId}.comments/start`, {}, { token: booster.token });
    expect(started.body.data.check_method).toBe("api");
    const id = started.body.data.id as string;
    // Someone else's comment with the same words does not count.
    google.comments.set(VIDEO, [{ authorChannelId: "UCsomeoneElsesChannel001", text: "Great recipe, thanks!" }]);
    const missing = await call(`activities/${id}/check`, { comment: "Great recipe" }, { token: booster.token });
    expect(missing.status).toBe(422);
    expect(missing.body.error!.code).toBe("check_failed_comment_not_found");
    expect((await call(`activities/${id}/check`, { comment: "x".repeat(501) }, { token: booster.token })).status).toBe(422);

    google.comments.get(VIDEO)!.push({ authorChannelId: "UCfakeBoosterChannel0005", text: "Great recipe, I made it tonight" });
    const found = await call(`activities/${id}/check`, { comment: "Great recipe" }, { token: booster.token });
    expect(found.status).toBe(200);
    expect(found.body.data.status).toBe("approved");
    expect(google.calls.at(-1)).toMatchObject({ path: "/commentThreads", params: { videoId: VIDEO, searchTerms: "Great recipe" } });
    expect((await row(id)).proof).toBe("Great recipe");
  });

  it("likes are reviewed unless like checks are on; then the extra permission is asked for incrementally", async ({
    rebuild,
    call,
    person,
    admin,
    liveCampaign,
    get,
    consent,
    connectedBooster,
  }) => {
    const booster = await connectedBooster(6);
    const adminToken = await admin();
    const lines = [{ metric: "likes", action: "like", unitPrice: 5_000, max: 3 }];
    const first = await liveCampaign(adminToken, lines, person, videoCampaign);
    const reviewed = await call(`tasks/${first.id}.likes/start`, {}, { token: booster.token });
    expect(reviewed.body.data.check_method).toBe("review");
    expect((await call(`activities/${reviewed.body.data.id}/check`, {}, { token: booster.token })).status).toBe(409);

    rebuild({ youtubeAccounts: adapter(true) });
    const second = await liveCampaign(adminToken, lines, person, videoCampaign);
    const started = await call(`tasks/${second.id}.likes/start`, {}, { token: booster.token });
    expect(started.body.data.check_method).toBe("api");
    const id = started.body.data.id as string;
    const noScope = await call(`activities/${id}/check`, {}, { token: booster.token });
    expect(noScope.status).toBe(409);
    expect(noScope.body.error!.code).toBe("youtube_scope_missing");

    const { authorize } = await consent(booster.token, 6, { likes: true });
    expect(authorize.searchParams.get("scope")).toBe(`https://www.googleapis.com/auth/youtube.readonly ${FORCE_SSL}`);
    expect((await get("youtube/connection", booster.token)).body.data.channel.like_checks_granted).toBe(true);
    expect((await call(`activities/${id}/check`, {}, { token: booster.token })).body.error!.code).toBe("check_failed_not_liked");
    google.users[6]!.ratings.set(VIDEO, "like");
    const liked = await call(`activities/${id}/check`, {}, { token: booster.token });
    expect(liked.status).toBe(200);
    expect(google.calls.at(-1)).toMatchObject({ path: "/videos/getRating", params: { id: VIDEO } });
  });

  it("YouTube too slow: 503 within the adapter's time, nothing changes", async ({
    rebuild,
    call,
    approvedCampaign,
    row,
    connectedBooster,
  }) => {
    rebuild({ youtubeAccounts: adapter(false, 300) });
    const booster = await connectedBooster(7);
    const { id: campaignId } = await approvedCampaign([{ metric: "subscribers", action: "subscribe", unitPrice: 20_000, max: 1 }]);
    const id = (await call(`tasks/${campaignId}.subscribers/start`, {}, { token: booster.token })).body.data.id as string;
    fake.setDelay(1_000);
    try {
      const slow = await call(`activities/${id}/check`, {}, { token: booster.token });
      expect(slow.status).toBe(503);
    } finally {
      fake.setDelay(0);
    }
    expect((await row(id)).status).toBe("in_progress");
  });
});

describe("the re-check at release", () => {
  it("kept work is released; an unsubscribed channel or a disconnected booster is clawed back and the unit reopens", async ({
    database,
    call,
    approvedCampaign,
    accounts,
    row,
    connectedBooster,
  }) => {
    const { id: campaignId } = await approvedCampaign([{ metric: "subscribers", action: "subscribe", unitPrice: 20_000, max: 4 }]);
    const people = [await connectedBooster(0), await connectedBooster(1), await connectedBooster(2)];
    const ids: string[] = [];
    for (const [i, booster] of people.entries()) {
      google.users[i]!.subscriptions.add(TARGET);
      const id = (await call(`tasks/${campaignId}.subscribers/start`, {}, { token: booster.token })).body.data.id as string;
      expect((await call(`activities/${id}/check`, {}, { token: booster.token })).status).toBe(200);
      ids.push(id);
    }
    google.users[1]!.subscriptions.delete(TARGET);
    await call("youtube/connection", undefined, { method: "DELETE", token: people[2]!.token });

    const due = new Date(Date.now() + 8 * 86_400_000);
    // YouTube down: nothing is decided, all wait for the next run.
    google.failNext = "server";
    fake.setDelay(0);
    const recheck = youtubeRecheck({ db: database.db }, accounts);
    const flaky = await releaseDueRewards({ db: database.db }, { now: due, recheck, limit: 1 });
    expect(flaky).toEqual({ released: 0, dropped: 0 });

    expect(await releaseDueRewards({ db: database.db }, { now: due, recheck })).toEqual({ released: 1, dropped: 2 });
    expect((await row(ids[0]!)).status).toBe("completed");
    expect(await row(ids[1]!)).toMatchObject({ status: "denied", denialCode: "dropped" });
    expect(await row(ids[2]!)).toMatchObject({ status: "denied", denialCode: "dropped" });
    expect(await balancesOf({ db: database.db }, { userId: people[0]!.user.id })).toMatchObject({
      held: 0,
      earnings: (await row(ids[0]!)).reward,
    });
    expect(await balancesOf({ db: database.db }, { userId: people[1]!.user.id })).toMatchObject({ held: 0, earnings: 0 });
    // Two units reopened for another booster.
    const next = await connectedBooster(3);
    expect((await call(`tasks/${campaignId}.subscribers/start`, {}, { token: next.token })).status).toBe(201);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
