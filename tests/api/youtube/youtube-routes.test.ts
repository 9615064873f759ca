import { describe, expect, vi } from "vitest";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";
import { API_KEY, HIDDEN, fake, adapter, takapooHit } from "@/tests/api/youtube/youtube-support";

// The HTTP routes, through the whole app (error envelope, translations, requireUser), mounted by createApp from deps.youtube.
describe("over HTTP", () => {
  const it = apiTest
    .extend(
      "search",
      ({ get }) =>
        (q: string, options: { token?: string; locale?: string } = {}) =>
          get(`youtube/channels?${new URLSearchParams({ q })}`, options.token, options.locale),
    )
    .override("client", ({ serial }) => ({ address: `10.7.${Math.floor(serial / 250)}.${serial % 250}` }))
    .override("appDeps", () => ({ youtube: adapter() }));

  describe("GET /api/youtube/status and /api/youtube/channels", () => {
    it("says whether search is on, to anyone", async ({ rebuild, get }) => {
      expect(await get("youtube/status")).toMatchObject({ status: 200, body: { data: { enabled: true } } });
      rebuild({ youtube: null });
      expect(await get("youtube/status")).toMatchObject({ status: 200, body: { data: { enabled: false } } });
    });

    it("finds a channel by @handle, with its subscriber count", async ({ sms, call, search }) => {
      const { token } = await registerAndSignIn(call, sms);
      const found = await search("@takapoo", { token });
      expect(found.status).toBe(200);
      expect(found.body).toEqual({ data: [takapooHit] });
      expect(found.response.headers.get("cache-control")).toBe("private, no-store");
      expect(fake.requests.at(-1)!.params).toMatchObject({ forHandle: "@takapoo" });
    });

    it("finds channels by free text (search, then channel details), a hidden count as null", async ({ sms, call, search }) => {
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

    it("answers an empty list when nothing matches", async ({ sms, call, search }) => {
      const { token } = await registerAndSignIn(call, sms);
      expect(await search("no such channel anywhere", { token })).toMatchObject({ status: 200, body: { data: [] } });
    });

    it("answers 503 in the caller's language when YouTube refuses (quota), never showing the key", async ({ sms, call, search }) => {
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

    it("answers 503 when YouTube is slow or down", async ({ sms, rebuild, call, search }) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { token } = await registerAndSignIn(call, sms);
      rebuild({ youtube: adapter({ timeoutMs: 50 }) });
      fake.setDelay(1_000);
      expect((await search("cooking", { token })).status).toBe(503);
      fake.setDelay(0);
      fake.setFailure("server");
      expect((await search("cooking", { token })).status).toBe(503);
    });

    it("refuses anonymous callers with 401", async ({ search }) => {
      const anonymous = await search("@takapoo");
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error!.code).toBe("unauthorized");
    });

    it("validates q: 2 to 100 characters once trimmed, 422 with a message for the field", async ({ sms, call, get, search }) => {
      const { token } = await registerAndSignIn(call, sms);
      const before = fake.requests.length;
      for (const q of ["a", "  b  ", "x".repeat(101)]) {
        const refused = await search(q, { token });
        expect(refused.status, q).toBe(422);
        expect(refused.body.error).toMatchObject({ code: "validation_failed", fields: { q: expect.any(String) } });
      }
      expect((await search("a", { token })).body.error!.fields!.q).toBe("Enter at least 2 characters.");
      expect((await search("x".repeat(101), { token })).body.error!.fields!.q).toBe("Enter at most 100 characters.");
      const missing = await get("youtube/channels", token);
      expect(missing.status).toBe(422);
      expect(missing.body.error!.fields!.q).toBe("This field is required.");
      expect(fake.requests.length).toBe(before);
    });

    it("answers 404 when search is off, whoever asks and whatever q is", async ({ sms, rebuild, call, search }) => {
      const { token } = await registerAndSignIn(call, sms);
      rebuild({ youtube: null });
      const before = fake.requests.length;
      for (const answer of [await search("@takapoo", { token }), await search("@takapoo"), await search("a", { token })]) {
        expect(answer.status).toBe(404);
        expect(answer.body.error).toMatchObject({ code: "not_found", message: enUS.api.errors.not_found });
      }
      expect(fake.requests.length).toBe(before);
    });

    it("never puts the API key in an answer", async ({ sms, call, get, search }) => {
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
    it("serves the routes with deps.youtube", async ({ sms, rebuild, call, get, search }) => {
      const { token } = await registerAndSignIn(call, sms);
      rebuild({ youtube: adapter() });
      expect((await get("youtube/status")).body.data).toEqual({ enabled: true });
      expect((await search("@takapoo", { token })).body.data).toEqual([takapooHit]);
    });

    it("is off without deps.youtube and without YOUTUBE_API_KEY, on with the key", async ({ sms, rebuild, call, get, search }) => {
      const { token } = await registerAndSignIn(call, sms);
      vi.stubEnv("YOUTUBE_API_KEY", "");
      try {
        rebuild({});
        expect((await get("youtube/status")).body.data).toEqual({ enabled: false });
        expect((await search("@takapoo", { token })).status).toBe(404);

        vi.stubEnv("YOUTUBE_API_KEY", API_KEY);
        vi.stubEnv("YOUTUBE_API_BASE_URL", fake.url);
        rebuild({});
        expect((await get("youtube/status")).body.data).toEqual({ enabled: true });
        expect((await search("@takapoo", { token })).body.data).toEqual([takapooHit]);
      } finally {
        vi.unstubAllEnvs();
      }
    });

    it("documents the routes in /api/openapi.json", async ({ rebuild }) => {
      const response = await rebuild({}).fetch(new Request("http://localhost/api/openapi.json"));
      const doc = (await response.json()) as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/youtube/status", "/api/youtube/channels"]));
    });
  });
});
