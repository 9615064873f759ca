import { beforeAll, describe, expect, it } from "vitest";
import { MAX_IDS_PER_CALL, youtubeFromEnv, youtubeStatistics } from "@/server/adapters/youtube";
import { type FakeVideo } from "@/tests/support/fake-youtube";
import { API_KEY, SARA, HIDDEN, TAKAPOO, channelId, fake, requestsDuring, unavailable } from "@/tests/api/youtube/youtube-support";

const counters = (options: Partial<Parameters<typeof youtubeStatistics>[0]> = {}) =>
  youtubeStatistics({ apiKey: API_KEY, baseUrl: fake.url, ...options });

const LIKED: FakeVideo = { id: "dQw4w9WgXcQ", channelId: TAKAPOO.id, views: 48_210, likes: 1_320, comments: 87 };
// The owner hid the likes and turned comments off: neither count is in the answer.
const QUIET: FakeVideo = { id: "quietVideo1", channelId: SARA.id, views: 5, likes: null, comments: null };

beforeAll(() => {
  fake.videos.push(LIKED, QUIET);
});

describe("the counters (statistics) on the API key", () => {
  it("reads up to 50 channels in one channels.list call (1 unit): subscribers as given, views; a hidden count is null and said so", async () => {
    const unknown = channelId("closedLongAgo");
    let found = new Map();
    const calls = await requestsDuring(async () => {
      found = await counters().channelStatistics([TAKAPOO.id, HIDDEN.id, SARA.id, unknown, TAKAPOO.id]);
    });
    expect(calls).toEqual([
      { path: "/channels", params: { part: "statistics", id: [TAKAPOO.id, HIDDEN.id, SARA.id, unknown].join(",") }, keyed: true },
    ]);
    expect(found.get(TAKAPOO.id)).toEqual({ id: TAKAPOO.id, subscribers: 12_400, subscribersHidden: false, views: 1_000_000 });
    expect(found.get(HIDDEN.id)).toEqual({ id: HIDDEN.id, subscribers: null, subscribersHidden: true, views: 1_000_000 });
    expect(found.get(SARA.id)).toMatchObject({ subscribers: 1_250_000 });
    // A channel YouTube does not know is missing from the answer, not a zero.
    expect(found.has(unknown)).toBe(false);
  });

  it("keeps YouTube's rounding: 12,437 subscribers come back as 12,400 and are kept so", async () => {
    const growing = { id: channelId("growing"), title: "Growing", handle: "@growing", subscribers: 12_437, views: 301_999 };
    fake.channels.push(growing);
    const found = await counters().channelStatistics([growing.id]);
    expect(found.get(growing.id)).toEqual({ id: growing.id, subscribers: 12_400, subscribersHidden: false, views: 301_999 });
  });

  it("resolves an @handle with its counters in one call (forHandle, 1 unit); null for a handle no channel has", async () => {
    let hit: unknown;
    const calls = await requestsDuring(async () => {
      hit = await counters().channelByHandle("@takapoo");
    });
    expect(calls).toEqual([{ path: "/channels", params: { part: "statistics", forHandle: "@takapoo" }, keyed: true }]);
    expect(hit).toEqual({ id: TAKAPOO.id, subscribers: 12_400, subscribersHidden: false, views: 1_000_000 });
    expect(await counters().channelByHandle("@nobody-here")).toBeNull();
  });

  it("reads videos in one videos.list call: views, likes, comments; a count not given is null; the channel only when asked", async () => {
    let found = new Map();
    const calls = await requestsDuring(async () => {
      found = await counters().videoStatistics([LIKED.id, QUIET.id, "gone0000000"]);
    });
    expect(calls).toEqual([{ path: "/videos", params: { part: "statistics", id: `${LIKED.id},${QUIET.id},gone0000000` }, keyed: true }]);
    expect(found.get(LIKED.id)).toEqual({ id: LIKED.id, channelId: null, views: 48_210, likes: 1_320, comments: 87 });
    expect(found.get(QUIET.id)).toEqual({ id: QUIET.id, channelId: null, views: 5, likes: null, comments: null });
    expect(found.has("gone0000000")).toBe(false);

    const withChannel = await requestsDuring(async () => {
      found = await counters().videoStatistics([LIKED.id], { withChannel: true });
    });
    expect(withChannel[0]!.params.part).toBe("snippet,statistics");
    expect(found.get(LIKED.id)).toMatchObject({ channelId: TAKAPOO.id, likes: 1_320 });
  });

  it("asks nothing for no ids, and refuses more than 50 or a malformed id before calling", async () => {
    const calls = await requestsDuring(async () => {
      expect((await counters().channelStatistics([])).size).toBe(0);
      expect((await counters().videoStatistics([])).size).toBe(0);
      const many = Array.from({ length: MAX_IDS_PER_CALL + 1 }, (_, i) => channelId(`many${String(i).padStart(3, "0")}x`));
      await expect(counters().channelStatistics(many)).rejects.toThrow(RangeError);
      await expect(counters().videoStatistics(["short"])).rejects.toThrow(RangeError);
    });
    expect(calls).toEqual([]);
  });

  it("reports a spent quota, a 500 and a timeout as YoutubeUnavailable, never with the key", async () => {
    fake.failNext("quota");
    expect(await unavailable(counters().channelStatistics([TAKAPOO.id]))).toMatchObject({ reason: "quota", httpStatus: 403 });
    fake.failNext("server");
    expect(await unavailable(counters().videoStatistics([LIKED.id]))).toMatchObject({ reason: "server", httpStatus: 500 });
    fake.setDelay(1_000);
    const started = Date.now();
    expect(await unavailable(counters({ timeoutMs: 50 }).channelByHandle("@takapoo"))).toMatchObject({ reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("lets an end-to-end test change a channel's counts and fail the next call, without counting that as a call", async () => {
    const post = (body: object) => fetch(`${fake.url}/__fake/youtube`, { method: "POST", body: JSON.stringify(body) });
    const calls = await requestsDuring(async () => {
      expect((await post({ channel: { id: SARA.id, subscribers: null }, failNext: "quota" })).status).toBe(200);
      expect((await post({ video: { id: "nosuchvideo" } })).status).toBe(404);
    });
    expect(calls).toEqual([]);
    expect(await unavailable(counters().channelStatistics([SARA.id]))).toMatchObject({ reason: "quota" });
    expect((await counters().channelStatistics([SARA.id])).get(SARA.id)).toMatchObject({ subscribers: null, subscribersHidden: true });
    await post({ channel: { id: SARA.id, subscribers: 1_250_000 } });
  });

  it("comes with channel search from youtubeFromEnv, on the same key", async () => {
    const api = youtubeFromEnv({ YOUTUBE_API_KEY: API_KEY, YOUTUBE_API_BASE_URL: fake.url })!;
    expect((await api.channelStatistics([TAKAPOO.id])).get(TAKAPOO.id)?.subscribers).toBe(12_400);
    expect(await api.searchChannels("@takapoo")).toHaveLength(1);
  });
});
