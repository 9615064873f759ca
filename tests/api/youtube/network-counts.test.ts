import { afterAll, afterEach, beforeAll, describe, expect } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { youtubeApi, type YoutubeApi } from "@/server/adapters/youtube";
import { networkCountsJob } from "@/server/jobs/network-counts";
import { appJobs } from "@/server/jobs";
import { NETWORK_COUNT_WINDOW_DAYS } from "@/server/youtube";
import { campaignNetworkDays, campaigns } from "@/server/db/schema";
import type { Database } from "@/server/db/client";
import { tehranDay } from "@/lib/time/tehran";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";
import { apiTest } from "@/tests/api/support/fixture";
import type { TargetLine } from "@/tests/api/support/earn-fixtures";
import { startFakeYoutube, type FakeChannel, type FakeYoutube } from "@/tests/support/fake-youtube";

const API_KEY = "AIzaSyFAKE-counter-key_77a1";
const channelId = (name: string) => `UC${name.padEnd(22, "0").slice(0, 22)}`;
const DAY = 86_400_000;

const TAKAPOO: FakeChannel = { id: channelId("takapoo"), title: "Takapoo", handle: "@takapoo", subscribers: 12_437, views: 880_000 };
const HIDDEN: FakeChannel = { id: channelId("hiddenCount"), title: "Hidden", handle: null, subscribers: null, views: 5_000 };

let fake: FakeYoutube;
beforeAll(async () => {
  fake = await startFakeYoutube({
    apiKey: API_KEY,
    channels: [TAKAPOO, HIDDEN],
    videos: [
      { id: "dQw4w9WgXcQ", channelId: TAKAPOO.id, views: 48_210, likes: 1_320, comments: 87 },
      { id: "quietVideo1", channelId: HIDDEN.id, views: 5, likes: null, comments: null },
    ],
  });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.setDelay(0);
  fake.setFailure(null);
});

const it = apiTest
  .override("client", ({ serial }) => ({ address: `10.7.32.${serial % 250}` }))
  .extend("youtube", (): YoutubeApi => youtubeApi({ apiKey: API_KEY, baseUrl: fake.url, timeoutMs: 300 }))
  // A Smart campaign on `link` (`lines` its targets when given), approved by the test's one admin (whose token it carries).
  .extend("campaignOn", ({ admin, liveCampaign, person }) => {
    let signedIn: Promise<string> | undefined;
    return async function campaignOn(link: string, lines?: TargetLine[]) {
      const adminToken = await (signedIn ??= admin());
      return { adminToken, ...(await liveCampaign(adminToken, lines, person, { ...smartCampaign, link })) };
    };
  })
  // Active copies of a campaign on Takapoo's channel, one on each of `links`, made in one statement (one created_at): their ids.
  .extend(
    "copiesOn",
    ({ database, campaignOn }) =>
      async function copiesOn(links: string[]) {
        const template = await campaignOn(`https://www.youtube.com/channel/${TAKAPOO.id}`);
        const { rows } = await database.db.execute<{ id: string }>(sql`
          insert into campaigns (owner_id, name, network, strategy, link, follower_count, status, invoice, budget)
          select c.owner_id, c.name, c.network, c.strategy, l.link, c.follower_count, 'active', c.invoice, c.budget
          from campaigns c, unnest(${`{${links.join(",")}}`}::text[]) as l(link) where c.id = ${template.id}
          returning id`);
        return rows.map((row) => row.id);
      },
  )
  .override("appDeps", ({ youtube }) => ({ youtube }));

/** `count` channels the fake YouTube knows from now on, named `name` and their number; `more` gives the rest of each. */
function addChannels(name: string, count: number, more: (i: number) => Pick<FakeChannel, "handle" | "subscribers">): FakeChannel[] {
  const width = String(count - 1).length;
  const channels = Array.from({ length: count }, (_, i) => ({
    id: channelId(`${name}${String(i).padStart(width, "0")}x`),
    title: `${name} ${i}`,
    ...more(i),
  }));
  fake.channels.push(...channels);
  return channels;
}

/** One run of the job as of `at`, and the calls it made to the fake (paths and parameters, key left out). */
async function runAt(database: Database, youtube: YoutubeApi, at: Date) {
  const before = fake.requests.length;
  const output = await networkCountsJob(youtube).run({ db: database.db, signal: new AbortController().signal, now: () => at });
  const calls = fake.requests.slice(before).map(({ path, params: { key, ...params } }) => ({ path, params, keyed: key === API_KEY }));
  return { output: output ?? {}, calls };
}

const rowOf = async (database: Database, id: string) => (await database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
const daysOf = (database: Database, id: string) =>
  database.db.select().from(campaignNetworkDays).where(eq(campaignNetworkDays.campaignId, id)).orderBy(campaignNetworkDays.day);

describe("the network's own counter (YouTube statistics, once a day)", () => {
  it("takes the start count once at approval, then one count a Tehran day; the delivery view answers them", async ({
    database,
    youtube,
    campaignOn,
    call,
  }) => {
    const { id, producer } = await campaignOn("https://www.youtube.com/@Takapoo");
    const delivery = async () => (await call(`campaigns/${id}/delivery`, undefined, { method: "GET", token: producer.token })).body.data;
    expect((await delivery()).network).toEqual({ status: "not_yet", start: null, start_at: null, days: [] });

    // Yesterday: the handle is resolved with its counts in one call (forHandle, 1 unit).
    const yesterday = new Date(Date.now() - DAY);
    const first = await runAt(database, youtube, yesterday);
    expect(first.calls).toEqual([{ path: "/channels", params: { part: "statistics", forHandle: "@takapoo" }, keyed: true }]);
    expect(first.output).toMatchObject({ due: 1, counted: 1, started: 1, calls: 1, failed: 0, stopped: 0 });
    const start = { subscribers: 12_400, views: 880_000, likes: null, comments: null, subscribersHidden: false };
    expect(await rowOf(database, id)).toMatchObject({ networkStart: start, networkStartAt: yesterday, networkChannelId: TAKAPOO.id });

    // Later the same day nothing is due: no call at all.
    const again = await runAt(database, youtube, new Date(yesterday.getTime() + 60_000));
    expect(again).toEqual({ output: { due: 0, counted: 0, started: 0, missing: 0, calls: 0, failed: 0, stopped: 0 }, calls: [] });

    // Today: the channel has grown; it is read by its kept id, the start stays.
    TAKAPOO.subscribers = 13_410;
    const today = await runAt(database, youtube, new Date());
    expect(today.calls).toEqual([{ path: "/channels", params: { part: "statistics", id: TAKAPOO.id }, keyed: true }]);
    expect(today.output).toMatchObject({ counted: 1, started: 0 });
    expect((await rowOf(database, id)).networkStart).toEqual(start);
    expect((await daysOf(database, id)).map((row) => [row.day, row.counts.subscribers])).toEqual([
      [tehranDay(yesterday), 12_400],
      [tehranDay(new Date()), 13_400],
    ]);

    expect((await delivery()).network).toEqual({
      status: "counted",
      start: { subscribers: 12_400, views: 880_000, likes: null, comments: null, subscribers_hidden: false },
      start_at: yesterday.toISOString(),
      days: [
        { day: tehranDay(yesterday), subscribers: 12_400, views: 880_000, likes: null, comments: null, subscribers_hidden: false },
        { day: tehranDay(new Date()), subscribers: 13_400, views: 880_000, likes: null, comments: null, subscribers_hidden: false },
      ],
    });
    TAKAPOO.subscribers = 12_437;
  });

  it("says a hidden subscriber count as such; a video gives its views, likes and comments, and its channel's subscribers when it sells them", async ({
    database,
    youtube,
    campaignOn,
  }) => {
    const hidden = await campaignOn(`https://www.youtube.com/channel/${HIDDEN.id}`);
    const liked = await campaignOn("https://youtu.be/dQw4w9WgXcQ", [{ metric: "likes", action: "like", unitPrice: 3_000, max: 10 }]);
    const subscribed = await campaignOn("https://www.youtube.com/shorts/quietVideo1", [
      { metric: "subscribers", action: "subscribe", unitPrice: 40_000, max: 10 },
    ]);
    const { output, calls } = await runAt(database, youtube, new Date());
    // One videos.list for both videos (with the snippet, for the channel of the one selling subscribers),
    // one channels.list for both channels.
    expect(calls).toEqual([
      { path: "/videos", params: { part: "snippet,statistics", id: "quietVideo1,dQw4w9WgXcQ" }, keyed: true },
      { path: "/channels", params: { part: "statistics", id: `${HIDDEN.id}` }, keyed: true },
    ]);
    expect(output).toMatchObject({ due: 3, counted: 3, started: 3, calls: 2 });
    expect((await rowOf(database, hidden.id)).networkStart).toEqual({
      subscribers: null,
      views: 5_000,
      likes: null,
      comments: null,
      subscribersHidden: true,
    });
    expect((await rowOf(database, liked.id)).networkStart).toEqual({
      subscribers: null,
      views: 48_210,
      likes: 1_320,
      comments: 87,
      subscribersHidden: false,
    });
    // The owner hid the likes and turned comments off: not given, not zero; the channel hides its subscribers.
    expect((await rowOf(database, subscribed.id)).networkStart).toEqual({
      subscribers: null,
      views: 5,
      likes: null,
      comments: null,
      subscribersHidden: true,
    });
  });

  it("writes nothing on a spent quota, a 500 or a timeout, leaves the campaign as it was, and reads it on the next run", async ({
    database,
    youtube,
    campaignOn,
  }) => {
    const { id } = await campaignOn(`https://www.youtube.com/channel/${TAKAPOO.id}`);
    const nothingWritten = async () => {
      const row = await rowOf(database, id);
      expect(row).toMatchObject({ status: "active", networkStart: null, networkStartAt: null, networkMissingOn: null });
      expect(await daysOf(database, id)).toEqual([]);
    };

    fake.failNext("quota");
    expect((await runAt(database, youtube, new Date())).output).toMatchObject({ due: 1, counted: 0, calls: 1, failed: 1, stopped: 1 });
    await nothingWritten();
    // Google said the day's quota is spent: no instance asks again until Google's next day.
    const sameDay = await runAt(database, youtube, new Date());
    expect(sameDay.calls).toEqual([]);
    expect(sameDay.output).toMatchObject({ counted: 0, failed: 1, stopped: 1 });
    const nextDay = new Date(Date.now() + 86_400_000);

    fake.failNext("server");
    expect((await runAt(database, youtube, nextDay)).output).toMatchObject({ counted: 0, calls: 1, failed: 1 });
    await nothingWritten();

    fake.setDelay(1_000);
    try {
      expect((await runAt(database, youtube, nextDay)).output).toMatchObject({ counted: 0, calls: 1, failed: 1 });
    } finally {
      fake.setDelay(0);
    }
    await nothingWritten();

    expect((await runAt(database, youtube, nextDay)).output).toMatchObject({ counted: 1, started: 1, failed: 0 });
    expect((await rowOf(database, id)).networkStart).toMatchObject({ subscribers: 12_400 });
    expect(await daysOf(database, id)).toHaveLength(1);
  });

  it("reads 50 ids a call: 130 campaigns on 65 @handles and 65 channel ids cost 65 + 2 units once, then 3 a day", async ({
    database,
    youtube,
    copiesOn,
  }) => {
    const many = addChannels("bulk", 130, (i) => ({ handle: `@bulk${i}`, subscribers: 1_000 + i }));
    const ids = await copiesOn(
      many.map((channel, i) =>
        i % 2 === 0 ? `https://www.youtube.com/${channel.handle}` : `https://www.youtube.com/channel/${channel.id}`,
      ),
    );
    // Finished campaigns: one inside its guarantee window is still read, one past it is not.
    const now = Date.now();
    await database.db
      .update(campaigns)
      .set({ status: "completed", completedAt: new Date(now - (NETWORK_COUNT_WINDOW_DAYS - 5) * DAY) })
      .where(eq(campaigns.id, ids[1]!));
    await database.db
      .update(campaigns)
      .set({ status: "paid", completedAt: new Date(now - (NETWORK_COUNT_WINDOW_DAYS + 1) * DAY) })
      .where(eq(campaigns.id, ids[3]!));
    await database.db.update(campaigns).set({ status: "paused" }).where(eq(campaigns.id, ids[5]!));

    // Day 1: the template and 129 of the 130 are due; 65 handles resolved (65 units, each with its counts),
    // then 64 channel ids + the template's in two calls.
    const first = await runAt(database, youtube, new Date(now - DAY));
    expect(first.output).toMatchObject({ due: 130, counted: 130, failed: 0 });
    expect(first.calls.filter((c) => c.params.forHandle)).toHaveLength(65);
    expect(first.calls.filter((c) => c.params.id).map((c) => c.params.id!.split(",").length)).toEqual([50, 15]);
    expect(first.output.calls).toBe(67);

    // Day 2: every handle's id is kept: 130 ids in 3 calls of at most 50 (≤ 1 unit per 50 campaigns).
    const second = await runAt(database, youtube, new Date(now));
    expect(second.output).toMatchObject({ due: 130, counted: 130, started: 0, calls: 3 });
    expect(second.calls.every((c) => c.path === "/channels" && c.params.id && !c.params.forHandle)).toBe(true);
    expect(second.calls.map((c) => c.params.id!.split(",").length)).toEqual([50, 50, 30]);

    const counted = await database.db
      .select({ id: campaignNetworkDays.campaignId })
      .from(campaignNetworkDays)
      .where(and(inArray(campaignNetworkDays.campaignId, ids), eq(campaignNetworkDays.day, tehranDay(new Date(now)))));
    expect(counted).toHaveLength(129);
    expect(counted.map((row) => row.id)).not.toContain(ids[3]);
    // A start count is taken only while the campaign runs (active or paused), never once it has finished;
    // 1,005 subscribers come back as YouTube shows them, 1,000.
    expect((await rowOf(database, ids[1]!)).networkStart).toBeNull();
    expect((await rowOf(database, ids[5]!)).networkStart).toMatchObject({ subscribers: 1_000 });
  });

  it("reads campaigns in pages: 1,101 created in the same microsecond are each read once, 50 ids a call", async ({
    database,
    youtube,
    copiesOn,
  }) => {
    const paged = addChannels("paged", 1_100, () => ({ handle: null, subscribers: 500 }));
    // One statement: every row has the same created_at, now(), to the microsecond.
    await copiesOn(paged.map((channel) => `https://www.youtube.com/channel/${channel.id}`));
    const { output, calls } = await runAt(database, youtube, new Date());
    expect(output).toMatchObject({ due: 1_101, counted: 1_101, started: 1_101, calls: 23, failed: 0 });
    expect(calls.every((c) => c.params.id!.split(",").length <= 50)).toBe(true);
    expect((await runAt(database, youtube, new Date())).output).toMatchObject({ due: 0, calls: 0 });
  });

  it("a handle or a video YouTube does not know is not asked again that day", async ({ database, youtube, campaignOn }) => {
    const gone = await campaignOn("https://www.youtube.com/@nobody_here");
    const deleted = await campaignOn("https://youtu.be/deleted0000");
    const first = await runAt(database, youtube, new Date());
    expect(first.output).toMatchObject({ due: 2, counted: 0, missing: 2, calls: 2 });
    expect((await rowOf(database, gone.id)).networkMissingOn).toBe(tehranDay(new Date()));
    expect((await runAt(database, youtube, new Date())).calls).toEqual([]);
    expect((await rowOf(database, deleted.id)).status).toBe("active");
  });

  it("is one of the app's jobs, on the API key's client, and does nothing without a key", async ({ database }) => {
    const job = appJobs(new Map(), { youtube: null, counters: null }).find((candidate) => candidate.name === "network-counts");
    expect(job).toMatchObject({ cron: "*/10 * * * *" });
    expect(await job!.run({ db: database.db, signal: new AbortController().signal, now: () => new Date() })).toBeUndefined();
  });
});
