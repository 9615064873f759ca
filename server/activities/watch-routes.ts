import { OpenAPIHono } from "@hono/zod-openapi";
import { heartbeatInput, heartbeatOutput, watchSessionOutput } from "@/lib/schemas/activities";
import { toActivityOutput } from "@/server/activities/present";
import { boosterNameOf } from "@/server/activities/booster-name";

import { heartbeat, startWatch } from "@/server/activities/watch";
import { requireSessionClaims, requireUser } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { dataEnvelope } from "@/server/http/envelope";
import { apiRoute, err, idParam, json, named } from "@/server/http/route-parts";

const watchRoute = apiRoute({
  method: "post",
  path: "/activities/{id}/watch",
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "Open a watch session for a view or watch-time task: the video, the seconds to prove, how often to beat",
  request: { params: idParam },
  responses: {
    201: { description: "The session", ...json(dataEnvelope(watchSessionOutput)) },
    404: err("Not found"),
    409: err("Not a watch task in progress"),
  },
});

const beatRoute = apiRoute({
  method: "post",
  path: "/watch-sessions/{id}/beat",
  middleware: [requireSessionClaims] as const,
  tags: ["Earn"],
  summary: "A heartbeat: credited only while playing in a visible tab, by the position's advance and the server's clock",
  request: { params: idParam, body: { required: true, ...json(named(heartbeatInput, "Heartbeat")) } },
  responses: {
    200: { description: "Time credited so far; done: the activity is approved", ...json(dataEnvelope(heartbeatOutput)) },
    404: err("No such session of the caller's"),
    409: err("The session has ended"),
  },
});

/** Watch sessions: views and watch time credited by heartbeats. */
export function activityWatchRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(watchRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ data: await startWatch(ctxOf(c, services), { id: c.req.valid("param").id }) }, 201);
    })
    .openapi(beatRoute, async (c) => {
      const db = c.get("db");
      const beat = await heartbeat({ db }, { sessionId: c.req.valid("param").id, caller: c.get("claims"), ...c.req.valid("json") });
      const activity = beat.activity
        ? toActivityOutput(
            beat.activity.activity,
            await boosterNameOf({ db }, { caller: beat.activity.booster, activity: beat.activity.activity }),
            { reward: true },
          )
        : null;
      return c.json({ data: { ...beat, activity } }, 200);
    });
}
