import { OpenAPIHono } from "@hono/zod-openapi";
import { safeRedirectPath } from "@/lib/auth/guard";
import { authEndpoints } from "@/lib/schemas/auth";
import { authenticate, revokeSession, rotateRefreshToken } from "@/server/auth/sessions";
import { accessTokenOf, clearSessionCookies, refreshCookie, setSessionCookies } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/context";
import { AppError } from "@/server/core/errors";
import { translateApi } from "@/server/http/i18n";
import { endpointRoute, errs } from "@/server/http/route-parts";

const refreshRoute = endpointRoute(authEndpoints.refresh, {
  tags: ["Accounts"],
  summary: "Trade the refresh token (cookie, or body for API clients) for a new pair",
  answer: "New tokens",
  responses: errs({ 401: "Session ended" }),
});

const refreshRedirectRoute = endpointRoute(authEndpoints.refreshRedirect, {
  tags: ["Accounts"],
  summary: "Renew the session cookies during a page navigation, then go back to `redirect` (a path on this site)",
  answer: "Back to the page",
});

const logoutRoute = endpointRoute(authEndpoints.logout, {
  tags: ["Accounts"],
  summary: "End this session",
  answer: "Logged out",
});

/** The session: renew its tokens (for API clients and during navigation), end it. */
export function sessionRoutes() {
  return new OpenAPIHono<AppEnv>()
    .openapi(refreshRoute, async (c) => {
      let fromBody: string | undefined;
      if (c.req.header("content-type")?.includes("application/json")) fromBody = c.req.valid("json")?.refresh_token;
      const token = fromBody ?? refreshCookie(c);
      const result = token ? await rotateRefreshToken({ db: c.get("db") }, { refreshToken: token }) : { kind: "invalid" as const };
      if (result.kind !== "rotated") {
        clearSessionCookies(c);
        throw new AppError("session_expired");
      }
      setSessionCookies(c, result.session);
      c.header("Cache-Control", "no-store");
      return c.json(
        {
          data: {
            access_token: result.session.accessToken,
            token_type: "Bearer" as const,
            expires_in: result.session.expiresIn,
            ...(fromBody ? { refresh_token: result.session.refreshToken } : {}),
          },
        },
        200,
      );
    })
    .openapi(refreshRedirectRoute, async (c) => {
      const token = refreshCookie(c);
      const result = token ? await rotateRefreshToken({ db: c.get("db") }, { refreshToken: token }) : null;
      if (result?.kind === "rotated") setSessionCookies(c, result.session);
      else clearSessionCookies(c);
      c.header("Cache-Control", "no-store");
      return c.redirect(safeRedirectPath(c.req.valid("query").redirect) ?? "/", 303);
    })
    .openapi(logoutRoute, async (c) => {
      const db = c.get("db");
      const token = accessTokenOf(c);
      const current = token ? await authenticate({ db }, { accessToken: token }) : null;
      if (current) await revokeSession({ db }, { sessionId: current.sessionId, reason: "logout" });
      else {
        const refresh = refreshCookie(c);
        const rotated = refresh ? await rotateRefreshToken({ db }, { refreshToken: refresh }) : null;
        if (rotated?.kind === "rotated") await revokeSession({ db }, { sessionId: rotated.session.sessionId, reason: "logout" });
      }
      clearSessionCookies(c);
      return c.json({ data: { message: translateApi(c.get("locale"), "messages.logged_out") } }, 200);
    });
}
