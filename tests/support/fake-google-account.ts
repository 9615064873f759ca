/**
 * A stand-in for Google's OAuth 2.0 endpoints for web server apps and for the YouTube Data API v3 calls
 * made with a user's access token, as their references say:
 * - GET /o/oauth2/v2/auth — a consent page (pick the account, Allow or Cancel), then a 302 to
 *   redirect_uri with `code` and `state` (or `error=access_denied`);
 * - POST /token — grant_type authorization_code (checks client_id/secret, redirect_uri and the PKCE
 *   S256 challenge; codes are single-use) and refresh_token; `invalid_grant` for what it does not know;
 * - POST /revoke — `token=`; 400 `invalid_token` for an unknown one; revoking a refresh token ends the grant;
 * - GET channels?mine=true, channels?forHandle=, videos?id=, videos/getRating?id= (up to 50 ids: items[{videoId, rating}]),
 *   subscriptions?mine=true&forChannelId= (up to 50 ids: only the subscribed ones, one page of maxResults, default 5),
 *   commentThreads?videoId=&searchTerms= with `Authorization: Bearer`; 401 for an unknown token, 403
 *   insufficientPermissions for getRating without youtube.force-ssl, 403 quotaExceeded when told to.
 * Mounted inside tests/support/fake-youtube.ts (one "Google" on one port); state is plain data tests change.
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml, readBody, sendHtml, sendJson } from "./fake-http";

export const FORCE_SSL = "https://www.googleapis.com/auth/youtube.force-ssl";

/** One Google account with its YouTube channel and what it did on YouTube. */
export type FakeGoogleUser = {
  email: string;
  channel: { id: string; title: string } | null;
  subscriptions: Set<string>;
  ratings: Map<string, "like" | "dislike">;
};

export type FakeGoogleState = {
  clientId: string;
  clientSecret: string;
  users: FakeGoogleUser[];
  /** videoId → the channel that uploaded it. */
  videos: Map<string, string>;
  /** "@handle" (lower case) → channel id. */
  handles: Map<string, string>;
  /** videoId → comments, newest last. */
  comments: Map<string, { authorChannelId: string; text: string }[]>;
  /** The next data API call answers this. */
  failNext: "quota" | "server" | "unauthorized" | null;
  /** Every call made, oldest first: path and parameters (tokens left out). */
  calls: { path: string; params: Record<string, string> }[];
};

type Grant = { user: FakeGoogleUser; scopes: string[] };

const googleError = (code: number, reason: string, message: string) => ({
  error: { code, message, errors: [{ message, domain: "global", reason }] },
});

export function fakeGoogleState(init: Partial<FakeGoogleState> & Pick<FakeGoogleState, "clientId" | "clientSecret">): FakeGoogleState {
  return { users: [], videos: new Map(), handles: new Map(), comments: new Map(), failNext: null, calls: [], ...init };
}

export function fakeGoogleUser(email: string, channel: { id: string; title: string } | null): FakeGoogleUser {
  return { email, channel, subscriptions: new Set(), ratings: new Map() };
}

/** Handles a request that is Google's (OAuth or a data call with a bearer token); false for anything else. */
export function googleAccountHandler(state: FakeGoogleState) {
  const codes = new Map<string, Grant & { challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const token = (prefix: string) => `${prefix}.${randomBytes(18).toString("base64url")}`;

  function issue(grant: Grant) {
    const access = token("ya29");
    accessTokens.set(access, grant);
    return access;
  }

  async function authorize(request: IncomingMessage, response: ServerResponse, url: URL) {
    const params = request.method === "POST" ? new URLSearchParams(await readBody(request)) : url.searchParams;
    const redirectUri = params.get("redirect_uri") ?? "";
    if (params.get("client_id") !== state.clientId || !/^https?:\/\//.test(redirectUri))
      return sendHtml(response, 400, "<h1>Error 400: invalid_request</h1>");
    const back = new URL(redirectUri);
    back.searchParams.set("state", params.get("state") ?? "");
    if (request.method === "GET") {
      const hidden = [...url.searchParams]
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join("");
      const options = state.users.map((u, i) => `<option value="${i}">${escapeHtml(u.email)}</option>`).join("");
      return sendHtml(
        response,
        200,
        `<!doctype html><html lang="en"><title>Sign in - Google Accounts</title><form method="post">${hidden}` +
          `<label>Account <select name="account">${options}</select></label>` +
          `<p>Takapoo wants to: ${escapeHtml(params.get("scope") ?? "")}</p>` +
          `<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Cancel</button></form></html>`,
      );
    }
    if (params.get("decision") !== "allow") {
      back.searchParams.set("error", "access_denied");
    } else {
      const user = state.users[Number(params.get("account") ?? 0)];
      if (!user) return sendHtml(response, 400, "<h1>No such account</h1>");
      const code = token("4/0A");
      codes.set(code, { user, scopes: (params.get("scope") ?? "").split(" "), challenge: params.get("code_challenge") ?? "", redirectUri });
      back.searchParams.set("code", code);
    }
    response.writeHead(302, { location: back.href });
    response.end();
  }

  async function tokenEndpoint(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    if (form.get("client_id") !== state.clientId || form.get("client_secret") !== state.clientSecret)
      return sendJson(response, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
    if (form.get("grant_type") === "authorization_code") {
      const pending = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (!pending || pending.redirectUri !== form.get("redirect_uri") || pending.challenge !== challenge)
        return sendJson(response, 400, { error: "invalid_grant", error_description: "Bad Request" });
      const refresh = token("1//0g");
      refreshTokens.set(refresh, { user: pending.user, scopes: pending.scopes });
      return sendJson(response, 200, {
        access_token: issue(pending),
        expires_in: 3599,
        refresh_token: refresh,
        scope: pending.scopes.join(" "),
        token_type: "Bearer",
      });
    }
    if (form.get("grant_type") === "refresh_token") {
      const grant = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!grant) return sendJson(response, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      return sendJson(response, 200, { access_token: issue(grant), expires_in: 3599, scope: grant.scopes.join(" "), token_type: "Bearer" });
    }
    sendJson(response, 400, { error: "unsupported_grant_type" });
  }

  async function revoke(request: IncomingMessage, response: ServerResponse) {
    const value = new URLSearchParams(await readBody(request)).get("token") ?? "";
    const grant = refreshTokens.get(value) ?? accessTokens.get(value);
    if (!grant) return sendJson(response, 400, { error: "invalid_token", error_description: "Token expired or revoked" });
    // Revoking ends the whole grant: its refresh token and every access token from it.
    for (const tokens of [refreshTokens, accessTokens]) for (const [key, g] of tokens) if (g.user === grant.user) tokens.delete(key);
    sendJson(response, 200, {});
  }

  const list = (kind: string, items: unknown[]) => ({
    kind,
    etag: "fake",
    pageInfo: { totalResults: items.length, resultsPerPage: 100 },
    items,
  });

  function data(response: ServerResponse, url: URL, grant: Grant) {
    const p = url.searchParams;
    const user = grant.user;
    if (url.pathname === "/channels" && p.get("mine") === "true")
      return sendJson(
        response,
        200,
        list(
          "youtube#channelListResponse",
          user.channel ? [{ kind: "youtube#channel", id: user.channel.id, snippet: { title: user.channel.title } }] : [],
        ),
      );
    if (url.pathname === "/channels" && p.has("forHandle")) {
      const id = state.handles.get(`@${(p.get("forHandle") ?? "").replace(/^@/, "")}`.toLowerCase());
      return sendJson(response, 200, list("youtube#channelListResponse", id ? [{ kind: "youtube#channel", id }] : []));
    }
    if (url.pathname === "/videos") {
      const id = p.get("id") ?? "";
      const channelId = state.videos.get(id);
      return sendJson(
        response,
        200,
        list("youtube#videoListResponse", channelId ? [{ kind: "youtube#video", id, snippet: { channelId } }] : []),
      );
    }
    if (url.pathname === "/videos/getRating") {
      if (!grant.scopes.includes(FORCE_SSL))
        return sendJson(response, 403, googleError(403, "insufficientPermissions", "Request had insufficient authentication scopes."));
      const ids = (p.get("id") ?? "").split(",").filter(Boolean);
      if (ids.length > 50) return sendJson(response, 400, googleError(400, "invalidValue", "Too many ids: at most 50"));
      return sendJson(response, 200, {
        kind: "youtube#videoGetRatingResponse",
        items: ids.map((videoId) => ({ videoId, rating: user.ratings.get(videoId) ?? "none" })),
      });
    }
    if (url.pathname === "/subscriptions" && p.get("mine") === "true") {
      const wanted = (p.get("forChannelId") ?? "").split(",").filter(Boolean);
      if (wanted.length > 50) return sendJson(response, 400, googleError(400, "invalidValue", "Too many channel ids: at most 50"));
      // One page of maxResults (default 5, at most 50), as the API pages its answer.
      const perPage = Math.min(50, Math.max(0, Number(p.get("maxResults") ?? 5)));
      const found = wanted.filter((id) => user.subscriptions.has(id)).slice(0, perPage);
      return sendJson(
        response,
        200,
        list(
          "youtube#subscriptionListResponse",
          found.map((channelId) => ({ kind: "youtube#subscription", snippet: { resourceId: { kind: "youtube#channel", channelId } } })),
        ),
      );
    }
    if (url.pathname === "/commentThreads" && p.has("videoId")) {
      const terms = (p.get("searchTerms") ?? "").toLowerCase();
      const found = (state.comments.get(p.get("videoId") ?? "") ?? [])
        .filter((c) => !terms || c.text.toLowerCase().includes(terms))
        .reverse()
        .slice(0, Number(p.get("maxResults") ?? 20));
      return sendJson(
        response,
        200,
        list(
          "youtube#commentThreadListResponse",
          found.map((c) => ({
            kind: "youtube#commentThread",
            snippet: {
              videoId: p.get("videoId"),
              topLevelComment: { kind: "youtube#comment", snippet: { textDisplay: c.text, authorChannelId: { value: c.authorChannelId } } },
            },
          })),
        ),
      );
    }
    sendJson(response, 400, googleError(400, "invalidParameter", "No filter selected."));
  }

  /** For end-to-end runs: what a person would do on YouTube, done by the test (POST JSON). */
  async function act(request: IncomingMessage, response: ServerResponse) {
    const body = JSON.parse(await readBody(request)) as {
      email: string;
      subscribe?: string;
      unsubscribe?: string;
      like?: string;
      comment?: { videoId: string; text: string };
    };
    const user = state.users.find((u) => u.email === body.email);
    if (!user?.channel) return sendJson(response, 404, { error: "no such account" });
    if (body.subscribe) user.subscriptions.add(body.subscribe);
    if (body.unsubscribe) user.subscriptions.delete(body.unsubscribe);
    if (body.like) user.ratings.set(body.like, "like");
    if (body.comment)
      state.comments.set(body.comment.videoId, [
        ...(state.comments.get(body.comment.videoId) ?? []),
        { authorChannelId: user.channel.id, text: body.comment.text },
      ]);
    sendJson(response, 200, { ok: true });
  }

  return async function handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === "/iframe_api" && request.method === "GET") {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      response.end(PLAYER_SCRIPT);
      return true;
    }
    if (url.pathname === "/__fake/act" && request.method === "POST") return act(request, response).then(() => true);
    if (url.pathname === "/o/oauth2/v2/auth") return authorize(request, response, url).then(() => true);
    if (url.pathname === "/token" && request.method === "POST") return tokenEndpoint(request, response).then(() => true);
    if (url.pathname === "/revoke" && request.method === "POST") return revoke(request, response).then(() => true);
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer) return false;
    state.calls.push({ path: url.pathname, params: Object.fromEntries(url.searchParams) });
    const failure = state.failNext;
    state.failNext = null;
    if (failure === "quota")
      sendJson(response, 403, googleError(403, "quotaExceeded", "The request cannot be completed because you have exceeded your quota."));
    else if (failure === "server") sendJson(response, 500, googleError(500, "backendError", "Backend Error"));
    const grant = failure === "unauthorized" ? undefined : accessTokens.get(bearer);
    if (failure === "quota" || failure === "server") return true;
    if (!grant) sendJson(response, 401, googleError(401, "authError", "Request had invalid authentication credentials."));
    else data(response, url, grant);
    return true;
  };
}

/**
 * A stand-in for the IFrame Player API script: window.YT.Player draws a box with Play and Pause in
 * place of the host node; getCurrentTime() advances with real time while it plays, getPlayerState()
 * is 1 (playing) or 2 (paused); onYouTubeIframeAPIReady is called once the script ran, as YouTube's does.
 */
const PLAYER_SCRIPT = `(function () {
  function Player(host, options) {
    var self = this, playing = false, position = 0, since = 0;
    var box = document.createElement("div");
    box.setAttribute("data-testid", "fake-player");
    box.style.cssText = "color:#fff;padding:12px;display:grid;gap:8px;justify-items:start";
    box.textContent = "Fake YouTube player: " + options.videoId;
    function button(label, fn) {
      var b = document.createElement("button");
      b.type = "button"; b.textContent = label; b.style.cssText = "background:#fff;color:#000;padding:4px 12px;border-radius:6px";
      b.onclick = fn; box.appendChild(b);
    }
    function now() { return Date.now() / 1000; }
    button("Play", function () { if (!playing) { playing = true; since = now(); } });
    button("Pause", function () { if (playing) { position += now() - since; playing = false; } });
    host.replaceWith(box);
    this.getCurrentTime = function () { return playing ? position + now() - since : position; };
    this.getPlayerState = function () { return playing ? 1 : 2; };
    this.destroy = function () { box.remove(); };
    setTimeout(function () { if (options.events && options.events.onReady) options.events.onReady({ target: self }); }, 0);
  }
  window.YT = { Player: Player, PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 } };
  if (typeof window.onYouTubeIframeAPIReady === "function") window.onYouTubeIframeAPIReady();
})();
`;
