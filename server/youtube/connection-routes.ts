import { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { youtubeEndpoints } from "@/lib/schemas/youtube";
import { localizedPath } from "@/lib/i18n/negotiate";
import { toActivityOutput } from "@/server/activities";
import { boosterNameOf } from "@/server/activities";
import { AppError } from "@/server/core/errors";
import { requireUser, setFlowCookie, takeFlowCookie } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { publicOrigin } from "@/server/http/origin";
import { endpointRoute, err } from "@/server/http/route-parts";
import { checkActivity } from "@/server/youtube/check";
import { completeConnect, connectionOf, disconnect, startConnect } from "@/server/youtube/connection";

const STATE_COOKIE = "takapoo_youtube_state";
const CALLBACK_PATH = "/api/youtube/callback";
const RETURN_PATHS = { profile: "/dashboard/profile", earn: "/dashboard/earn_money" } as const;

const connectionRoute = endpointRoute(youtubeEndpoints.connection, {
  middleware: [requireUser] as const,
  tags: ["YouTube"],
  summary: "The caller's connected YouTube channel, and whether connecting is possible here",
  answer: "The connection",
});

const connectRoute = endpointRoute(youtubeEndpoints.connect, {
  middleware: [requireUser] as const,
  tags: ["YouTube"],
  summary: "Start connecting a channel (identity-verified boosters): Google's consent URL, with state and PKCE",
  bodyName: "YoutubeConnect",
  answer: "Send the browser to authorize_url",
  responses: {
    403: err("Identity not verified"),
    404: err("Connecting channels is off here"),
  },
});

const callbackRoute = endpointRoute(youtubeEndpoints.callback, {
  tags: ["YouTube"],
  summary: "Google's redirect back: the channel is connected to the account that started, then 303 to its page with ?youtube=<outcome>",
  answer: "Back to the profile or the earn page",
  responses: { 404: err("Connecting channels is off here") },
});

const disconnectRoute = endpointRoute(youtubeEndpoints.disconnect, {
  middleware: [requireUser] as const,
  tags: ["YouTube"],
  summary: "Disconnect: what was stored is deleted and the grant revoked at Google",
  answer: "Disconnected",
  responses: { 409: err("No channel connected") },
});

const checkRoute = endpointRoute(youtubeEndpoints.check, {
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "Check an API-checked task with YouTube: approved at once when the work is there, else 422 saying what is missing",
  bodyName: "CheckActivity",
  answer: "Approved",
  responses: {
    404: err("Not found"),
    409: err("Not in progress, not API-checked, no channel connected, or the like permission is missing"),
    422: err("Bad input, or the work was not found: check_failed_not_subscribed, check_failed_not_liked, check_failed_comment_not_found"),
    503: err("YouTube could not be reached (youtube_unavailable), or the day's YouTube quota is spent (youtube_quota_spent)"),
  },
});

/** Boosters' YouTube channels (connect, callback, status, disconnect) and the API check of a task. */
export function youtubeConnectionRoutes(services: Services) {
  const accounts = services.youtubeAccounts;
  const connectOn: MiddlewareHandler<AppEnv> = async (_c, next) => {
    if (!accounts) throw new AppError("not_found");
    await next();
  };
  const redirectUri = (url: string) => `${publicOrigin(url)}${CALLBACK_PATH}`;
  const app = new OpenAPIHono<AppEnv>();
  app.use(connectRoute.path, connectOn);
  app.use(callbackRoute.path, connectOn);
  return app
    .openapi(connectionRoute, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json({ data: await connectionOf(ctxOf(c, services), accounts) }, 200);
    })
    .openapi(connectRoute, async (c) => {
      const input = c.req.valid("json");
      const started = await startConnect(
        { ...ctxOf(c, services), accounts: accounts! },
        { likes: input.likes, returnTo: input.return_to, locale: c.get("locale"), redirectUri: redirectUri(c.req.url) },
      );
      setFlowCookie(c, STATE_COOKIE, started.state, CALLBACK_PATH, 600);
      c.header("Cache-Control", "no-store");
      return c.json({ data: { authorize_url: started.authorize_url } }, 200);
    })
    .openapi(callbackRoute, async (c) => {
      const query = c.req.valid("query");
      const browserState = takeFlowCookie(c, STATE_COOKIE, CALLBACK_PATH);
      const done = await completeConnect(
        { db: c.get("db"), accounts: accounts! },
        { ...query, browserState, redirectUri: redirectUri(c.req.url) },
      );
      c.header("Cache-Control", "no-store");
      // Never a URL from the request: one of our two pages, in the language the booster started in.
      return c.redirect(`${localizedPath(done.locale ?? c.get("locale"), RETURN_PATHS[done.returnTo])}?youtube=${done.outcome}`, 303);
    })
    .openapi(disconnectRoute, async (c) => c.json({ data: await disconnect(ctxOf(c, services), accounts) }, 200))
    .openapi(checkRoute, async (c) => {
      const activity = await checkActivity(
        { ...ctxOf(c, services), accounts },
        { id: c.req.valid("param").id, comment: c.req.valid("json").comment },
      );
      return c.json(
        {
          data: toActivityOutput(activity, await boosterNameOf({ db: c.get("db") }, { caller: c.get("user"), activity }), { reward: true }),
        },
        200,
      );
    });
}
