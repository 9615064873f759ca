/**
 * Campaign target links: what a producer pastes into the create form, checked the same way by the form and the API.
 * Pure and browser-safe (no URL parser quirks: the whole string is matched by hand).
 *
 * Accepted, with http or https (or no scheme), optional `www.` or `m.`, any letter case in the scheme and host:
 * - YouTube: `youtube.com/@handle` (3–30 of [A-Za-z0-9._-]), `youtube.com/channel/UC` + 22 of [A-Za-z0-9_-],
 *   `youtu.be/<11-char id>`, `youtube.com/watch?v=<11-char id>` (other query parameters allowed), `youtube.com/shorts/<11-char id>`.
 * - Instagram: `instagram.com/<username>` (1–30 of [A-Za-z0-9._], not a reserved path like p, reel, explore, accounts, stories),
 *   `instagram.com/p/<code>` and `instagram.com/reel/<code>` (5–40 of [A-Za-z0-9_-]).
 * A trailing slash, a query string (tracking parameters) and a fragment are allowed and dropped, except `v` on /watch.
 * Anything else — another host or a lookalike (youtube.com.evil.example, evil.com/youtube.com, youtube.com@evil.com),
 * a port, user info, javascript:/data: URLs, whitespace or other characters inside — is refused.
 *
 * `normalized` is the canonical https URL: handles and usernames are lowercased (both services ignore case there),
 * every YouTube video (youtu.be, shorts) becomes `https://www.youtube.com/watch?v=<id>`, every Instagram post or reel
 * `https://www.instagram.com/p/<code>/`, so one target always has one spelling.
 */

import type { Network } from "@/lib/schemas/enums";

/** The networks a link can belong to: the campaign networks (ChannelSearch still imports it by this name). */
export type LinkNetwork = Network;
export type LinkKind = "channel" | "handle" | "video" | "profile" | "post";
export type ParsedLink = { ok: true; normalized: string; kind: LinkKind; id: string } | { ok: false };

const MAX_LENGTH = 2048;

// scheme? (www.|m.)? host, then path, query and fragment with no whitespace; nothing may follow the host but one of them.
const URL_SHAPE = /^(?:https?:\/\/)?(?:(www|m)\.)?(youtube\.com|youtu\.be|instagram\.com)(\/[^\s?#]*)?(?:\?([^\s#]*))?(?:#\S*)?$/i;

const YOUTUBE_HANDLE = /^@([A-Za-z0-9._-]{3,30})\/?$/;
const YOUTUBE_CHANNEL = /^channel\/(UC[A-Za-z0-9_-]{22})\/?$/;
const YOUTUBE_SHORTS = /^shorts\/([A-Za-z0-9_-]{11})\/?$/;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const INSTAGRAM_POST = /^(?:p|reel)\/([A-Za-z0-9_-]{5,40})\/?$/;
const INSTAGRAM_USERNAME = /^([A-Za-z0-9._]{1,30})\/?$/;

/** Instagram paths that are pages of the site, not profiles. */
export const INSTAGRAM_RESERVED: ReadonlySet<string> = new Set([
  "p",
  "reel",
  "reels",
  "tv",
  "explore",
  "accounts",
  "stories",
  "direct",
  "about",
  "legal",
  "developer",
  "developers",
  "web",
  "api",
  "graphql",
  "static",
  "oauth",
  "login",
  "signup",
  "challenge",
  "session",
  "emails",
  "nametag",
  "directory",
  "press",
  "privacy",
  "terms",
  "help",
  "ar",
  "threads",
]);

const fail = { ok: false } as const;

const youtubeVideo = (id: string): ParsedLink => ({ ok: true, normalized: `https://www.youtube.com/watch?v=${id}`, kind: "video", id });

function queryParam(query: string | undefined, name: string): string | undefined {
  if (!query) return undefined;
  for (const part of query.split("&")) {
    const eq = part.indexOf("=");
    if (eq >= 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return undefined;
}

function parseYoutube(host: string, path: string, query: string | undefined): ParsedLink {
  if (host === "youtu.be") {
    const id = path.endsWith("/") ? path.slice(0, -1) : path;
    return VIDEO_ID.test(id) ? youtubeVideo(id) : fail;
  }
  if (path === "watch") {
    const id = queryParam(query, "v");
    return id !== undefined && VIDEO_ID.test(id) ? youtubeVideo(id) : fail;
  }
  const handle = YOUTUBE_HANDLE.exec(path)?.[1];
  if (handle) {
    const id = handle.toLowerCase();
    return { ok: true, normalized: `https://www.youtube.com/@${id}`, kind: "handle", id };
  }
  const channel = YOUTUBE_CHANNEL.exec(path)?.[1];
  if (channel) return { ok: true, normalized: `https://www.youtube.com/channel/${channel}`, kind: "channel", id: channel };
  const short = YOUTUBE_SHORTS.exec(path)?.[1];
  if (short) return youtubeVideo(short);
  return fail;
}

function parseInstagram(path: string): ParsedLink {
  const code = INSTAGRAM_POST.exec(path)?.[1];
  if (code) return { ok: true, normalized: `https://www.instagram.com/p/${code}/`, kind: "post", id: code };
  const username = INSTAGRAM_USERNAME.exec(path)?.[1]?.toLowerCase();
  // A name of dots only would be a relative path segment ("." or "..").
  if (!username || INSTAGRAM_RESERVED.has(username) || /^\.+$/.test(username)) return fail;
  return { ok: true, normalized: `https://www.instagram.com/${username}/`, kind: "profile", id: username };
}

/** Checks a YouTube or Instagram link for `network` and returns its canonical form; see the rules above. */
export function parseChannelLink(network: Network, input: string): ParsedLink {
  if (typeof input !== "string" || input.length > MAX_LENGTH) return fail;
  const match = URL_SHAPE.exec(input.trim());
  if (!match) return fail;
  const subdomain = match[1];
  const host = (match[2] ?? "").toLowerCase();
  const path = (match[3] ?? "").slice(1);
  const query = match[4];
  if (network === "youtube") {
    if (host !== "youtube.com" && host !== "youtu.be") return fail;
    // youtu.be has no www. or m. variant.
    if (host === "youtu.be" && subdomain) return fail;
    return parseYoutube(host, path, query);
  }
  if (network === "instagram" && host === "instagram.com") return parseInstagram(path);
  return fail;
}
