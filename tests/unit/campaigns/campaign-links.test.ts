// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseChannelLink } from "@/lib/campaigns/links";

const VIDEO = "dQw4w9WgXcQ";
const CHANNEL = "UC_x5XG1OV2P6uZZ5FSM9Ttw";

describe("parseChannelLink: YouTube", () => {
  it("accepts handles, channels, videos and shorts on every host spelling", () => {
    for (const prefix of ["https://", "http://", "https://www.", "http://m.", "https://m.", "www.", ""]) {
      expect(parseChannelLink("youtube", `${prefix}youtube.com/@Some.Channel-1`)).toEqual({
        ok: true,
        normalized: "https://www.youtube.com/@some.channel-1",
        kind: "handle",
        id: "some.channel-1",
      });
      expect(parseChannelLink("youtube", `${prefix}youtube.com/channel/${CHANNEL}`)).toEqual({
        ok: true,
        normalized: `https://www.youtube.com/channel/${CHANNEL}`,
        kind: "channel",
        id: CHANNEL,
      });
      const video = { ok: true, normalized: `https://www.youtube.com/watch?v=${VIDEO}`, kind: "video", id: VIDEO };
      expect(parseChannelLink("youtube", `${prefix}youtube.com/watch?v=${VIDEO}`)).toEqual(video);
      expect(parseChannelLink("youtube", `${prefix}youtube.com/shorts/${VIDEO}`)).toEqual(video);
    }
    expect(parseChannelLink("youtube", `https://youtu.be/${VIDEO}`)).toMatchObject({ ok: true, kind: "video", id: VIDEO });
    expect(parseChannelLink("youtube", `youtu.be/${VIDEO}?si=abc&t=42`)).toMatchObject({ ok: true, id: VIDEO });
  });

  it("keeps v among other query parameters, and ignores trailing slashes, tracking parameters and fragments", () => {
    expect(parseChannelLink("youtube", `https://www.youtube.com/watch?feature=share&v=${VIDEO}&t=1s#x`)).toMatchObject({
      ok: true,
      id: VIDEO,
    });
    expect(parseChannelLink("youtube", "  https://www.youtube.com/@handle/?si=x  ")).toMatchObject({ ok: true, id: "handle" });
    expect(parseChannelLink("youtube", `HTTPS://WWW.YOUTUBE.COM/shorts/${VIDEO}/`)).toMatchObject({ ok: true, id: VIDEO });
  });

  it("refuses the wrong shapes", () => {
    for (const input of [
      "https://www.youtube.com/@ab",
      `https://www.youtube.com/@${"a".repeat(31)}`,
      "https://www.youtube.com/@bad!name",
      "https://www.youtube.com/channel/UC123",
      `https://www.youtube.com/channel/XX${CHANNEL.slice(2)}`,
      `https://www.youtube.com/channel/${CHANNEL}x`,
      "https://youtu.be/short",
      `https://youtu.be/${VIDEO}x`,
      `https://www.youtu.be/${VIDEO}`,
      "https://www.youtube.com/watch",
      "https://www.youtube.com/watch?v=short",
      `https://www.youtube.com/watch?vv=${VIDEO}`,
      `https://www.youtube.com/shorts/${VIDEO}0`,
      `https://www.youtube.com/embed/${VIDEO}`,
      "https://www.youtube.com/",
      "https://www.youtube.com",
      "https://www.youtube.com/results?search_query=x",
    ])
      expect(parseChannelLink("youtube", input), input).toEqual({ ok: false });
  });
});

describe("parseChannelLink: Instagram", () => {
  it("accepts profiles, posts and reels", () => {
    for (const prefix of ["https://", "http://www.", "https://www.", "https://m.", ""]) {
      expect(parseChannelLink("instagram", `${prefix}instagram.com/Takapoo.App_1`)).toEqual({
        ok: true,
        normalized: "https://www.instagram.com/takapoo.app_1/",
        kind: "profile",
        id: "takapoo.app_1",
      });
      expect(parseChannelLink("instagram", `${prefix}instagram.com/takapoo/?igsh=abc`)).toMatchObject({ ok: true, id: "takapoo" });
      for (const path of ["p", "reel"])
        expect(parseChannelLink("instagram", `${prefix}instagram.com/${path}/C0dE-_x9/`)).toEqual({
          ok: true,
          normalized: "https://www.instagram.com/p/C0dE-_x9/",
          kind: "post",
          id: "C0dE-_x9",
        });
    }
    expect(parseChannelLink("instagram", "https://instagram.com/a")).toMatchObject({ ok: true, id: "a" });
    expect(parseChannelLink("instagram", `https://instagram.com/${"a".repeat(30)}`)).toMatchObject({ ok: true });
  });

  it("refuses reserved paths and the wrong shapes", () => {
    for (const input of [
      "https://www.instagram.com/p",
      "https://www.instagram.com/reel/",
      "https://www.instagram.com/explore/",
      "https://www.instagram.com/Accounts",
      "https://www.instagram.com/stories",
      "https://www.instagram.com/..",
      "https://www.instagram.com/",
      `https://www.instagram.com/${"a".repeat(31)}`,
      "https://www.instagram.com/some-name",
      "https://www.instagram.com/p/abcd",
      `https://www.instagram.com/p/${"a".repeat(41)}`,
      "https://www.instagram.com/user/tagged",
      "https://www.instagram.com/stories/user/123",
    ])
      expect(parseChannelLink("instagram", input), input).toEqual({ ok: false });
  });
});

describe("parseChannelLink: hostile and foreign input", () => {
  it("refuses other hosts, lookalikes, schemes, user info, ports and whitespace", () => {
    const bad = [
      "",
      "   ",
      "@handle",
      "https://youtube.com.evil.example/@handle",
      "https://evil.com/youtube.com/@handle",
      "https://evil.com/?u=https://youtube.com/@handle",
      "https://notyoutube.com/@handle",
      "https://youtube.com@evil.com/@handle",
      "https://user@youtube.com/@handle",
      "https://youtube.com:8080/@handle",
      "https://youtube.com\\@evil.com",
      "https://music.youtube.com/@handle",
      "ftp://youtube.com/@handle",
      "javascript:alert(1)//youtube.com/@handle",
      "javascript://youtube.com/%0aalert(1)",
      "data:text/html,youtube.com/@handle",
      "https://www.youtube.com/@han dle",
      "https://www.youtube.com/@han\ndle",
      "https://www.youtube.com/\t@handle",
      "https://www.youtube.com/@handle\u200E",
      "https://www.youtube.com/@hаndle", // Cyrillic а
      "https://www.yоutube.com/@handle", // Cyrillic о
      "//youtube.com/@handle",
      "https:/youtube.com/@handle",
      "https://instagram.com.evil.example/user",
      "https://evil.com/instagram.com/user",
      "https://instagram.com@evil.com/user",
    ];
    for (const input of bad) {
      expect(parseChannelLink("youtube", input), input).toEqual({ ok: false });
      expect(parseChannelLink("instagram", input), input).toEqual({ ok: false });
    }
  });

  it("refuses a link for the other network", () => {
    expect(parseChannelLink("instagram", `https://www.youtube.com/watch?v=${VIDEO}`)).toEqual({ ok: false });
    expect(parseChannelLink("instagram", "https://www.youtube.com/@handle")).toEqual({ ok: false });
    expect(parseChannelLink("youtube", "https://www.instagram.com/takapoo/")).toEqual({ ok: false });
  });

  it("returns an https URL on youtube.com or instagram.com that parses back to itself, for any input", () => {
    const pieces = fc.constantFrom(
      "https://",
      "http://",
      "www.",
      "m.",
      "youtube.com",
      "youtu.be",
      "instagram.com",
      "/",
      "@",
      "channel/",
      "watch?v=",
      "shorts/",
      "p/",
      "reel/",
      VIDEO,
      CHANNEL,
      "abc",
      ".",
      "-",
      "_",
      "?",
      "&",
      "#",
      " ",
      ":",
      "evil.com",
    );
    fc.assert(
      fc.property(fc.constantFrom("youtube" as const, "instagram" as const), fc.array(pieces, { maxLength: 8 }), (network, parts) => {
        const result = parseChannelLink(network, parts.join(""));
        if (!result.ok) return;
        expect(result.normalized).toMatch(
          network === "youtube" ? /^https:\/\/www\.youtube\.com\/[^\s]+$/ : /^https:\/\/www\.instagram\.com\/[^\s]+\/$/,
        );
        expect(parseChannelLink(network, result.normalized)).toEqual(result);
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (input) => {
        expect(parseChannelLink("youtube", input).ok).toBeTypeOf("boolean");
        expect(parseChannelLink("instagram", input).ok).toBeTypeOf("boolean");
      }),
    );
  });
});
