/**
 * What the YouTube search tests share: the fake YouTube for the file (started once, its delay and
 * failure reset after each test), its channels, and the adapter aimed at it.
 */
import { afterAll, afterEach, beforeAll, expect, vi } from "vitest";
import { youtubeSearch, YoutubeUnavailable, type ChannelHit } from "@/server/adapters/youtube";
import { startFakeYoutube, type FakeChannel, type FakeYoutube } from "@/tests/support/fake-youtube";

export const API_KEY = "AIzaSyFAKE-youtube-key_5c3d9e";

/** A well-formed channel id: UC and 22 characters. */
export const channelId = (name: string) => `UC${name.padEnd(22, "0").slice(0, 22)}`;

export const TAKAPOO: FakeChannel = { id: channelId("takapoo"), title: "Takapoo", handle: "@Takapoo", subscribers: 12_400 };
export const SARA: FakeChannel = {
  id: channelId("saraCooks"),
  title: "Sara Cooks",
  handle: "@sara.cooks",
  subscribers: 1_250_000,
  description: "persian cooking every friday",
};
export const HIDDEN: FakeChannel = {
  id: channelId("cookingSecrets"),
  title: "Cooking Secrets",
  handle: "@cookingsecrets",
  subscribers: null,
  description: "cooking",
};
export const NO_HANDLE: FakeChannel = { id: channelId("oldCooking"), title: "Old Cooking Channel", handle: null, subscribers: 900 };
export const PERSIAN_HANDLE: FakeChannel = { id: channelId("ashpazkhane"), title: "آشپزخانه", handle: "@آشپزخانه", subscribers: 50 };
export const MORE_COOKING: FakeChannel[] = ["a", "b", "c", "d"].map((letter) => ({
  id: channelId(`cooking${letter}`),
  title: `Cooking ${letter.toUpperCase()}`,
  handle: `@cooking${letter}`,
  subscribers: 10,
}));

export let fake: FakeYoutube;

beforeAll(async () => {
  fake = await startFakeYoutube({ apiKey: API_KEY, channels: [TAKAPOO, SARA, HIDDEN, NO_HANDLE, PERSIAN_HANDLE, ...MORE_COOKING] });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.setDelay(0);
  fake.setFailure(null);
  vi.restoreAllMocks();
});

export const adapter = (options: Partial<Parameters<typeof youtubeSearch>[0]> = {}) =>
  youtubeSearch({ apiKey: API_KEY, baseUrl: fake.url, ...options });

/** The requests made while `run` ran, key left out. */
export async function requestsDuring(run: () => Promise<unknown>) {
  const before = fake.requests.length;
  await run();
  return fake.requests.slice(before).map(({ path, params: { key, ...params } }) => ({ path, params, keyed: key === API_KEY }));
}

export async function unavailable(promise: Promise<unknown>): Promise<YoutubeUnavailable> {
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

export const takapooHit: ChannelHit = {
  id: TAKAPOO.id,
  title: "Takapoo",
  handle: "@takapoo",
  thumbnail: expect.stringMatching(/^https:\/\/yt3\.ggpht\.com\//) as unknown as string,
  subscribers: 12_400,
  link: "https://www.youtube.com/@takapoo",
};
