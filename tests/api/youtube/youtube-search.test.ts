import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import type { Database } from "@/server/db/client";
import {
  handleQuery,
  YOUTUBE_API_BASE_URL,
  youtubeFromEnv,
  youtubeSearch,
  YoutubeUnavailable,
  type ChannelHit,
  type YoutubeSearch,
} from "@/server/adapters/youtube";
import { startFakeYoutube, type FakeChannel, type FakeYoutube } from "../../support/fake-youtube";
import { caller, registerAndSignIn } from "@/tests/api/support/account-helpers";
import { apiTestWith } from "@/tests/api/support/fixture";
import { recordingSms, testApp } from "@/tests/api/support/helpers";

const API_KEY = "AIzaSyFAKE-youtube-key_5c3d9e";

/** A well-formed channel id: UC and 22 characters. */
const channelId = (name: string) => `UC${name.padEnd(22, "0").slice(0, 22)}`;

const TAKAPOO: FakeChannel = { id: channelId("takapoo"), title: "Takapoo", handle: "@Takapoo", subscribers: 12_400 };
const SARA: FakeChannel = {
  id: channelId("saraCooks"),
  title: "Sara Cooks",
  handle: "@sara.cooks",
  subscribers: 1_250_000,
  description: "persian cooking every friday",
};
const HIDDEN: FakeChannel = {
  id: channelId("cookingSecrets"),
  title: "Cooking Secrets",
  handle: "@cookingsecrets",
  subscribers: null,
  description: "cooking",
};
const NO_HANDLE: FakeChannel = { id: channelId("oldCooking"), title: "Old Cooking Channel", handle: null, subscribers: 900 };
const PERSIAN_HANDLE: FakeChannel = { id: channelId("ashpazkhane"), title: "آشپزخانه", handle: "@آشپزخانه", subscribers: 50 };
const MORE_COOKING: FakeChannel[] = ["a", "b", "c", "d"].map((letter) => ({
  id: channelId(`cooking${letter}`),
  title: `Cooking ${letter.toUpperCase()}`,
  handle: `@cooking${letter}`,
  subscribers: 10,
}));

let fake: FakeYoutube;

beforeAll(async () => {
  fake = await startFakeYoutube({ apiKey: API_KEY, channels: [TAKAPOO, SARA, HIDDEN, NO_HANDLE, PERSIAN_HANDLE, ...MORE_COOKING] });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.setDelay(0);
  fake.setFailure(null);
  vi.restoreAllMocks();
});

const adapter = (options: Partial<Parameters<typeof youtubeSearch>[0]> = {}) =>
  youtubeSearch({ apiKey: API_KEY, baseUrl: fake.url, ...options });

/** The requests made while `run` ran, key left out. */
async function requestsDuring(run: () => Promise<unknown>) {
  const before = fake.requests.length;
  await run();
  return fake.requests.slice(before).map(({ path, params: { key, ...params } }) => ({ path, params, keyed: key === API_KEY }));
}

async function unavailable(promise: Promise<unknown>): Promise<YoutubeUnavailable> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(YoutubeUnavailable);
  for (const text of [(error as Error).message, String(error), (error as Error).stack ?? "", JSON.stringify(error)]) {
    expect(text).not.toContain(API_KEY);
  }
  return error as YoutubeUnavailable;
}

const takapooHit: ChannelHit = {
  id: TAKAPOO.id,
  title: "Takapoo",
  handle: "@takapoo",
  thumbnail: expect.stringMatching(/^https:\/\/yt3\.ggpht\.com\//) as unknown as string,
  subscribers: 12_400,
  link: "https://www.youtube.com/@takapoo",
};

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

// The HTTP routes, through the whole app (error envelope, translations, requireUser), mounted by createApp from deps.youtube.
let database: Database;
let sms: ReturnType<typeof recordingSms>;
let app: ReturnType<typeof testApp>;
let n = 0;
let ip = "10.7.0.1";
const call = caller(
  () => app,
  () => ip,
);

function appWith(youtube: YoutubeSearch | null) {
  const deps = { sms: sms.sender, socketAddress: (request: Request) => request.headers.get("x-test-ip"), youtube };
  return testApp(database, deps);
}

async function get(path: string, options: { token?: string; locale?: string } = {}) {
  return call(path, undefined, { method: "GET", ...options });
}

const search = (q: string, options: { token?: string; locale?: string } = {}) =>
  get(`youtube/channels?${new URLSearchParams({ q })}`, options);

describe("over HTTP", () => {
  const it = apiTestWith((api) => {
    ({ database, sms } = api);
    app = appWith(adapter());
    ip = `10.7.${Math.floor(++n / 250)}.${n % 250}`;
  });

  describe("GET /api/youtube/status and /api/youtube/channels", () => {
    it("says whether search is on, to anyone", async () => {
      expect(await get("youtube/status")).toMatchObject({ status: 200, body: { data: { enabled: true } } });
      app = appWith(null);
      expect(await get("youtube/status")).toMatchObject({ status: 200, body: { data: { enabled: false } } });
    });

    it("finds a channel by @handle, with its subscriber count", async () => {
      const { token } = await registerAndSignIn(call, sms);
      const found = await search("@takapoo", { token });
      expect(found.status).toBe(200);
      expect(found.body).toEqual({ data: [takapooHit] });
      expect(found.response.headers.get("cache-control")).toBe("private, no-store");
      expect(fake.requests.at(-1)!.params).toMatchObject({ forHandle: "@takapoo" });
    });

    it("finds channels by free text (search, then channel details), a hidden count as null", async () => {
      const { token } = await registerAndSignIn(call, sms);
      const found = await search("  cooking secrets ", { token });
      expect(found.status).toBe(200);
      expect(found.body.data).toEqual([
        {
          id: HIDDEN.id,
          title: "Cooking Secrets",
          handle: "@cookingsecrets",
          thumbnail: expect.stringMatching(/^https:\/\//),
          subscribers: null,
          link: "https://www.youtube.com/@cookingsecrets",
        },
      ]);
      expect(fake.requests.slice(-2).map((request) => [request.path, request.params.q ?? request.params.id])).toEqual([
        ["/search", "cooking secrets"],
        ["/channels", HIDDEN.id],
      ]);
    });

    it("answers an empty list when nothing matches", async () => {
      const { token } = await registerAndSignIn(call, sms);
      expect(await search("no such channel anywhere", { token })).toMatchObject({ status: 200, body: { data: [] } });
    });

    it("answers 503 in the caller's language when YouTube refuses (quota), never showing the key", async () => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const { token } = await registerAndSignIn(call, sms);
      fake.setFailure("quota");

      const english = await search("cooking", { token, locale: "en-US" });
      expect(english.status).toBe(503);
      expect(english.body.error).toMatchObject({ code: "service_unavailable", message: enUS.api.errors.service_unavailable });

      const persian = await search("cooking", { token, locale: "fa-IR" });
      expect(persian.status).toBe(503);
      expect(persian.body.error).toMatchObject({ code: "service_unavailable", message: faIR.api.errors.service_unavailable });
      expect(persian.body.error!.message).not.toBe(english.body.error!.message);

      for (const answer of [english, persian]) expect(JSON.stringify(answer.body)).not.toContain(API_KEY);
      expect(logged).toHaveBeenCalled();
      for (const [line] of logged.mock.calls) expect(String(line)).not.toContain(API_KEY);
    });

    it("answers 503 when YouTube is slow or down", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { token } = await registerAndSignIn(call, sms);
      app = appWith(adapter({ timeoutMs: 50 }));
      fake.setDelay(1_000);
      expect((await search("cooking", { token })).status).toBe(503);
      fake.setDelay(0);
      fake.setFailure("server");
      expect((await search("cooking", { token })).status).toBe(503);
    });

    it("refuses anonymous callers with 401", async () => {
      const anonymous = await search("@takapoo");
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error!.code).toBe("unauthorized");
    });

    it("validates q: 2 to 100 characters once trimmed, 422 with a message for the field", async () => {
      const { token } = await registerAndSignIn(call, sms);
      const before = fake.requests.length;
      for (const q of ["a", "  b  ", "x".repeat(101)]) {
        const refused = await search(q, { token });
        expect(refused.status, q).toBe(422);
        expect(refused.body.error).toMatchObject({ code: "validation_failed", fields: { q: expect.any(String) } });
      }
      expect((await search("a", { token })).body.error!.fields!.q).toBe("Enter at least 2 characters.");
      expect((await search("x".repeat(101), { token })).body.error!.fields!.q).toBe("Enter at most 100 characters.");
      const missing = await get("youtube/channels", { token });
      expect(missing.status).toBe(422);
      expect(missing.body.error!.fields!.q).toBe("This field is required.");
      expect(fake.requests.length).toBe(before);
    });

    it("answers 404 when search is off, whoever asks and whatever q is", async () => {
      const { token } = await registerAndSignIn(call, sms);
      app = appWith(null);
      const before = fake.requests.length;
      for (const answer of [await search("@takapoo", { token }), await search("@takapoo"), await search("a", { token })]) {
        expect(answer.status).toBe(404);
        expect(answer.body.error).toMatchObject({ code: "not_found", message: enUS.api.errors.not_found });
      }
      expect(fake.requests.length).toBe(before);
    });

    it("never puts the API key in an answer", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { token } = await registerAndSignIn(call, sms);
      const answers = [await search("@takapoo", { token }), await search("cooking", { token }), await get("youtube/status")];
      fake.failNext("keyInvalid");
      answers.push(await search("cooking", { token }));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 503]);
      for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(API_KEY);
    });
  });

  describe("wiring in createApp (AppDeps.youtube, YOUTUBE_API_KEY)", () => {
    it("serves the routes with deps.youtube", async () => {
      const { token } = await registerAndSignIn(call, sms);
      app = testApp(database, { sms: sms.sender, youtube: adapter() });
      expect((await get("youtube/status")).body.data).toEqual({ enabled: true });
      expect((await search("@takapoo", { token })).body.data).toEqual([takapooHit]);
    });

    it("is off without deps.youtube and without YOUTUBE_API_KEY, on with the key", async () => {
      const { token } = await registerAndSignIn(call, sms);
      vi.stubEnv("YOUTUBE_API_KEY", "");
      try {
        app = testApp(database, { sms: sms.sender });
        expect((await get("youtube/status")).body.data).toEqual({ enabled: false });
        expect((await search("@takapoo", { token })).status).toBe(404);

        vi.stubEnv("YOUTUBE_API_KEY", API_KEY);
        vi.stubEnv("YOUTUBE_API_BASE_URL", fake.url);
        app = testApp(database, { sms: sms.sender });
        expect((await get("youtube/status")).body.data).toEqual({ enabled: true });
        expect((await search("@takapoo", { token })).body.data).toEqual([takapooHit]);
      } finally {
        vi.unstubAllEnvs();
      }
    });

    it("documents the routes in /api/openapi.json", async () => {
      const response = await testApp(database).fetch(new Request("http://localhost/api/openapi.json"));
      const doc = (await response.json()) as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/youtube/status", "/api/youtube/channels"]));
    });
  });
});
