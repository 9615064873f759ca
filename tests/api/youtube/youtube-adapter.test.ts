import { describe, expect, it } from "vitest";
import {
  handleQuery,
  YOUTUBE_API_BASE_URL,
  youtubeFromEnv,
  youtubeSearch,
  YoutubeUnavailable,
  type ChannelHit,
} from "@/server/adapters/youtube";
import { startFakeYoutube } from "@/tests/support/fake-youtube";
import {
  API_KEY,
  SARA,
  HIDDEN,
  NO_HANDLE,
  PERSIAN_HANDLE,
  fake,
  adapter,
  requestsDuring,
  unavailable,
  takapooHit,
} from "@/tests/api/youtube/youtube-support";

describe("youtubeSearch against a YouTube-compatible server", () => {
  it("answers an @handle from channels.list forHandle alone (1 quota unit, no search)", async () => {
    let hits: ChannelHit[] = [];
    const calls = await requestsDuring(async () => {
      hits = await adapter().searchChannels("@takapoo");
    });
    expect(hits).toEqual([takapooHit]);
    expect(calls).toEqual([{ path: "/channels", params: { part: "snippet,statistics", forHandle: "@takapoo" }, keyed: true }]);
  });

  it("searches free text: search.list for channels, then channels.list by id for handles and subscriber counts", async () => {
    let hits: ChannelHit[] = [];
    const calls = await requestsDuring(async () => {
      hits = await adapter().searchChannels("persian cooking");
    });
    expect(calls).toEqual([
      { path: "/search", params: { part: "snippet", type: "channel", maxResults: "5", q: "persian cooking" }, keyed: true },
      { path: "/channels", params: { part: "snippet,statistics", id: SARA.id }, keyed: true },
    ]);
    expect(hits).toEqual([
      {
        id: SARA.id,
        title: "Sara Cooks",
        handle: "@sara.cooks",
        thumbnail: expect.stringMatching(/^https:\/\//),
        subscribers: 1_250_000,
        link: "https://www.youtube.com/@sara.cooks",
      },
    ]);
  });

  it("gives null for a hidden subscriber count, links a channel without a usable handle by its id, keeps at most 5", async () => {
    const hits = await adapter().searchChannels("cooking");
    expect(hits).toHaveLength(5);
    const byId = new Map(hits.map((hit) => [hit.id, hit]));
    expect(byId.get(HIDDEN.id)).toMatchObject({ subscribers: null, handle: "@cookingsecrets" });
    expect(byId.get(NO_HANDLE.id)).toMatchObject({
      handle: null,
      subscribers: 900,
      link: `https://www.youtube.com/channel/${NO_HANDLE.id}`,
    });
    expect(new Set(hits.map((hit) => hit.id)).size).toBe(5);

    const [persian] = await adapter().searchChannels("آشپزخانه");
    // A handle in another script is real, but the create form only takes Latin handles: linked by id instead.
    expect(persian).toMatchObject({
      id: PERSIAN_HANDLE.id,
      handle: "@آشپزخانه",
      link: `https://www.youtube.com/channel/${PERSIAN_HANDLE.id}`,
    });
  });

  it("tries a bare word as a handle first, then searches, listing each channel once", async () => {
    let hits: ChannelHit[] = [];
    const calls = await requestsDuring(async () => {
      hits = await adapter().searchChannels("takapoo");
    });
    expect(calls.map((call) => call.path)).toEqual(["/channels", "/search"]);
    expect(calls[0]!.params).toMatchObject({ forHandle: "@takapoo" });
    // search.list found only the channel forHandle already had: no channels.list by id.
    expect(hits).toEqual([takapooHit]);
  });

  it("answers [] for nothing found and for a blank query (no request at all)", async () => {
    expect(await adapter().searchChannels("@nobody-here")).toEqual([]);
    const calls = await requestsDuring(() => adapter().searchChannels("   "));
    expect(calls).toEqual([]);
  });

  it("reports a spent quota (403 quotaExceeded) as YoutubeUnavailable, without the key", async () => {
    fake.failNext("quota");
    const error = await unavailable(adapter().searchChannels("cooking"));
    expect(error).toMatchObject({ reason: "quota", httpStatus: 403 });
    expect(error.message).toContain("quotaExceeded");
  });

  it("reports a refused key (400 keyInvalid)", async () => {
    const wrongKey = "AIzaSyWRONG-key-0000";
    const error = await unavailable(youtubeSearch({ apiKey: wrongKey, baseUrl: fake.url }).searchChannels("cooking"));
    expect(error).toMatchObject({ reason: "key_invalid", httpStatus: 400 });
    expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain(wrongKey);
  });

  it("reports 5xx answers, JSON or not", async () => {
    fake.failNext("server");
    expect(await unavailable(adapter().searchChannels("cooking"))).toMatchObject({ reason: "server", httpStatus: 500 });
    fake.failNext("html");
    expect(await unavailable(adapter().searchChannels("cooking"))).toMatchObject({ reason: "server", httpStatus: 502 });
  });

  it("gives up after the timeout when YouTube does not answer", async () => {
    fake.setDelay(1_000);
    const started = Date.now();
    const error = await unavailable(adapter({ timeoutMs: 50 }).searchChannels("cooking"));
    expect(Date.now() - started).toBeLessThan(900);
    expect(error).toMatchObject({ reason: "timeout", httpStatus: null });
  });

  it("reports a network error when nothing listens", async () => {
    const closed = await startFakeYoutube({ apiKey: API_KEY });
    await closed.close();
    const error = await unavailable(youtubeSearch({ apiKey: API_KEY, baseUrl: closed.url }).searchChannels("cooking"));
    expect(error).toMatchObject({ reason: "network", httpStatus: null });
  });

  it("stops when the caller aborts, without blaming YouTube", async () => {
    fake.setDelay(1_000);
    const controller = new AbortController();
    const pending = adapter().searchChannels("cooking", { signal: controller.signal });
    controller.abort();
    const error = await pending.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(YoutubeUnavailable);
    expect((error as Error).name).toBe("AbortError");
  });

  it("recognises handle-like queries", () => {
    expect(handleQuery("@Takapoo")).toEqual({ handle: "@Takapoo", explicit: true });
    expect(handleQuery(" sara.cooks ")).toEqual({ handle: "@sara.cooks", explicit: false });
    expect(handleQuery("آشپزخانه")).toEqual({ handle: "@آشپزخانه", explicit: false });
    expect(handleQuery("persian cooking")).toBeNull();
    expect(handleQuery("ab")).toBeNull();
    expect(handleQuery("@a/b")).toBeNull();
  });
});

describe("youtubeFromEnv", () => {
  it("is off (null) without YOUTUBE_API_KEY", () => {
    expect(youtubeFromEnv({})).toBeNull();
    expect(youtubeFromEnv({ YOUTUBE_API_KEY: "  ", YOUTUBE_API_BASE_URL: fake.url })).toBeNull();
  });

  it("talks to YOUTUBE_API_BASE_URL when set, else to Google", async () => {
    const search = youtubeFromEnv({ YOUTUBE_API_KEY: API_KEY, YOUTUBE_API_BASE_URL: `${fake.url}/` });
    expect(await search!.searchChannels("@takapoo")).toEqual([takapooHit]);
    expect(YOUTUBE_API_BASE_URL).toBe("https://www.googleapis.com/youtube/v3");
  });

  it("refuses a base URL that is not one, without quoting the key", () => {
    let message = "";
    try {
      youtubeFromEnv({ YOUTUBE_API_KEY: API_KEY, YOUTUBE_API_BASE_URL: "not a url" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/YOUTUBE_API_BASE_URL/);
    expect(message).not.toContain(API_KEY);
  });
});
