import { afterEach, describe, expect, vi } from "vitest";
import { eq } from "drizzle-orm";
import { activities, campaigns } from "@/server/db/schema";
import { releaseDueRewards } from "@/server/activities/retention";
import { youtubeRecheck } from "@/server/youtube/recheck";
import { GOOGLE_SPENT_PAUSE_MS, googleDay, nextGoogleDay, quotaMeter, quotaToday } from "@/server/youtube/quota";
import type { TargetLine } from "@/tests/api/support/earn-fixtures";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";
import { quotaDayPasses } from "@/tests/api/support/youtube-google";
import { DAY, TARGET, fake, it } from "@/tests/api/youtube/guarantee-support";
import faIR from "@/messages/fa-IR.json";

// YouTube's daily quota (issue 35): our production adapters against the fake of Google with a small daily
// quota of its own, the ledger counting each call before it is made.

const byChannel = { ...smartCampaign, link: `https://www.youtube.com/channel/${TARGET}` };
const line = { metric: "subscribers", action: "subscribe", unitPrice: 20_000, max: 5 } as TargetLine;

afterEach(() => {
  vi.unstubAllEnvs();
  fake.setDailyQuota(null);
});

describe("Google's day", () => {
  it("is the date in Pacific time, and the next one starts at midnight there (08:00 UTC in winter, 07:00 in summer)", () => {
    expect(googleDay(new Date("2026-11-27T07:59:59Z"))).toBe("2026-11-26");
    expect(googleDay(new Date("2026-11-27T08:00:00Z"))).toBe("2026-11-27");
    expect(nextGoogleDay(new Date("2026-11-27T12:00:00Z")).toISOString()).toBe("2026-11-28T08:00:00.000Z");
    expect(nextGoogleDay(new Date("2026-07-01T12:00:00Z")).toISOString()).toBe("2026-07-02T07:00:00.000Z");
    // The night the clocks go back (1 November 2026): that day is 25 hours long.
    expect(nextGoogleDay(new Date("2026-10-31T20:00:00Z")).toISOString()).toBe("2026-11-01T07:00:00.000Z");
    expect(nextGoogleDay(new Date("2026-11-01T12:00:00Z")).toISOString()).toBe("2026-11-02T08:00:00.000Z");
  });
});

describe("the day's YouTube quota", () => {
  it("counts each call by kind as Google does; re-checks are batched; the reserve keeps first checks going when the rest stops", async ({
    database,
    call,
    get,
    admin,
    liveCampaign,
    person,
    accounts,
    connectedBooster,
  }) => {
    const db = database.db;
    const adminToken = await admin();
    // Linked by channel id: a first check is one subscriptions.list (an @handle would add its lookup).
    const approvedCampaign = (lines: TargetLine[]) => liveCampaign(adminToken, lines, person, byChannel);
    vi.stubEnv("YOUTUBE_DAILY_QUOTA", "30");
    vi.stubEnv("YOUTUBE_CHECK_RESERVE", "10");
    fake.setDailyQuota(30);
    const booster = await connectedBooster();
    booster.google.subscriptions.add(TARGET);
    // Three campaigns on one channel: a first check each (1 unit), then one re-check call for all three at release.
    const done: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await approvedCampaign([line]);
      const started = await call(`tasks/${id}.subscribers/start`, {}, { token: booster.token });
      expect(started.body.data.check_method).toBe("api");
      expect((await call(`activities/${started.body.data.id}/check`, {}, { token: booster.token })).status).toBe(200);
      done.push(started.body.data.id as string);
    }
    expect((await quotaToday({ db })).used).toEqual({ check: 3, connect: 1, recheck: 0, counter: 0, search: 0 });
    expect(fake.unitsUsed()).toBe(4);

    const asked = fake.requests.filter((r) => r.path === "/subscriptions").length;
    const released = await releaseDueRewards({ db }, { now: new Date(Date.now() + 30 * DAY), recheck: youtubeRecheck({ db }, accounts) });
    expect(released).toEqual({ released: 3, dropped: 0 });
    expect(fake.requests.filter((r) => r.path === "/subscriptions").length - asked).toBe(1);
    expect((await quotaToday({ db })).used.recheck).toBe(1);
    expect(fake.unitsUsed()).toBe(5);

    // A task taken while the day is open, then everything but the reserve spent by the counters.
    const { id: fourth } = await approvedCampaign([line]);
    const inProgress = await call(`tasks/${fourth}.subscribers/start`, {}, { token: booster.token });
    expect(inProgress.body.data.check_method).toBe("api");
    await quotaMeter({ db }, "counter").spend(15);
    await expect(quotaMeter({ db }, "counter").spend(1)).rejects.toMatchObject({ reason: "quota" });
    await expect(quotaMeter({ db }, "search").spend(100)).rejects.toMatchObject({ reason: "quota" });
    expect(await quotaToday({ db })).toMatchObject({ total: 20, left: 10, refused: 101, state: "low" });

    // The booster is told, and new YouTube work goes to people's review (the default low mode).
    const connection = await get("youtube/connection", booster.token);
    expect(connection.body.data.checks_today).toEqual({ state: "review", resumes_at: nextGoogleDay(new Date()).toISOString() });
    const { id: fifth } = await approvedCampaign([line]);
    const tasks = await get("tasks?network=youtube", booster.token);
    expect(tasks.body.data.find((t: { id: string }) => t.id === `${fifth}.subscribers`)).toMatchObject({ check_method: "review" });
    expect((await call(`tasks/${fifth}.subscribers/start`, {}, { token: booster.token })).body.data.check_method).toBe("review");

    // Work already taken is checked from the reserve; its re-check at release waits for the next day.
    const checked = await call(`activities/${inProgress.body.data.id}/check`, {}, { token: booster.token });
    expect(checked.status).toBe(200);
    expect((await quotaToday({ db })).used.check).toBe(4);
    const before = fake.unitsUsed();
    const later = new Date(Date.now() + 30 * DAY);
    expect(await releaseDueRewards({ db }, { now: later, recheck: youtubeRecheck({ db }, accounts) })).toEqual({ released: 0, dropped: 0 });
    expect(fake.unitsUsed()).toBe(before);
    const [waiting] = await db.select().from(activities).where(eq(activities.id, inProgress.body.data.id));
    expect(waiting!.status).toBe("approved");

    // Google's next day: the budget is whole again and the re-check releases it.
    await quotaDayPasses(database);
    fake.newDay();
    expect((await get("youtube/connection", booster.token)).body.data.checks_today.state).toBe("open");
    expect(await releaseDueRewards({ db }, { now: later, recheck: youtubeRecheck({ db }, accounts) })).toEqual({ released: 1, dropped: 0 });
    expect((await quotaToday({ db })).used).toEqual({ check: 0, connect: 0, recheck: 1, counter: 0, search: 0 });
  });

  it("a first check on an @handle costs one unit once the campaign's counter knows its channel, two before", async ({
    database,
    call,
    admin,
    liveCampaign,
    connectedBooster,
  }) => {
    const db = database.db;
    const adminToken = await admin();
    const booster = await connectedBooster();
    booster.google.subscriptions.add(TARGET);
    const spentOn = async (known: boolean) => {
      const { id } = await liveCampaign(adminToken, [line]);
      if (known) await db.update(campaigns).set({ networkChannelId: TARGET }).where(eq(campaigns.id, id));
      const started = await call(`tasks/${id}.subscribers/start`, {}, { token: booster.token });
      const before = (await quotaToday({ db })).used.check;
      expect((await call(`activities/${started.body.data.id}/check`, {}, { token: booster.token })).status).toBe(200);
      return (await quotaToday({ db })).used.check - before;
    };
    expect(await spentOn(false)).toBe(2);
    expect(await spentOn(true)).toBe(1);
  });

  it("paused: API-checked work is not offered, starting it says why in the booster's language; other tasks stay open", async ({
    database,
    call,
    get,
    approvedCampaign,
    connectedBooster,
  }) => {
    vi.stubEnv("YOUTUBE_DAILY_QUOTA", "20");
    vi.stubEnv("YOUTUBE_CHECK_RESERVE", "5");
    vi.stubEnv("YOUTUBE_QUOTA_LOW_MODE", "pause");
    const booster = await connectedBooster();
    const { id } = await approvedCampaign([line, { metric: "views", action: "view", unitPrice: 2_000, max: 100 } as TargetLine]);
    const offered = async () =>
      ((await get("tasks?network=youtube", booster.token)).body.data as { id: string; check_method: string }[])
        .filter((t) => t.id.startsWith(id))
        .map((t) => `${t.id.slice(id.length + 1)}:${t.check_method}`)
        .sort();
    expect(await offered()).toEqual(["subscribers:api", "views:review"]);

    await quotaMeter({ db: database.db }, "counter").spend(14);
    expect(await offered()).toEqual(["views:review"]);
    const refused = await call(`tasks/${id}.subscribers/start`, {}, { token: booster.token, locale: "fa-IR" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "youtube_checks_paused", message: faIR.api.errors.youtube_checks_paused });
    expect((await get("youtube/connection", booster.token)).body.data.checks_today.state).toBe("paused");
  });

  it("Google's own quotaExceeded closes the day for every kind and every instance; admins see the days", async ({
    database,
    call,
    get,
    admin,
    liveCampaign,
    connectedBooster,
    person,
  }) => {
    const db = database.db;
    const booster = await connectedBooster();
    booster.google.subscriptions.add(TARGET);
    const adminToken = await admin();
    const { id } = await liveCampaign(adminToken, [line]);
    const started = await call(`tasks/${id}.subscribers/start`, {}, { token: booster.token });
    // Google counts the project's units its own way (another app on the same project, say): it says spent first.
    fake.setDailyQuota(fake.unitsUsed());
    const spent = await call(`activities/${started.body.data.id}/check`, {}, { token: booster.token, locale: "fa-IR" });
    expect(spent.status).toBe(503);
    expect(spent.body.error).toMatchObject({ code: "youtube_quota_spent", message: faIR.api.errors.youtube_quota_spent });
    // Another instance's meter (its own adapter, the same database) asks Google nothing more today.
    await expect(quotaMeter({ db }, "check").spend(1)).rejects.toMatchObject({ reason: "quota" });
    expect(await quotaToday({ db })).toMatchObject({ left: 0, state: "low" });
    // Ten minutes on, one call may probe: Google answering it opens the day again; refusing it closes it anew.
    const later = () => new Date(Date.now() + GOOGLE_SPENT_PAUSE_MS + 1_000);
    const probe = quotaMeter({ db }, "check", { now: later });
    await probe.spend(1);
    await probe.spent();
    await expect(quotaMeter({ db }, "check").spend(1)).rejects.toMatchObject({ reason: "quota" });
    const again = quotaMeter({ db }, "check", { now: () => new Date(later().getTime() + GOOGLE_SPENT_PAUSE_MS) });
    await again.spend(1);
    await again.answered();
    expect(await quotaToday({ db })).toMatchObject({ state: "open", spentAt: null });
    fake.setDailyQuota(null);

    const view = await get("admin/youtube/quota", adminToken);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      today: { day: googleDay(new Date()), quota: 10_000, reserve: 1_000, used: { check: 3, connect: 1 }, state: "open", spent_at: null },
      low_mode: "review",
      resumes_at: nextGoogleDay(new Date()).toISOString(),
    });
    expect(view.body.data.history.map((day: { day: string }) => day.day)).toEqual([googleDay(new Date())]);
    const someone = await person();
    expect((await get("admin/youtube/quota", someone.token)).status).toBe(404);
  });
});
