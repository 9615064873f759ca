import { OpenAPIHono } from "@hono/zod-openapi";
import { activityEndpoints } from "@/lib/schemas/activities";
import { toActivityOutput } from "@/server/activities/present";
import { boosterNameOf } from "@/server/activities/booster-name";

import { heartbeat, startWatch } from "@/server/activities/watch";
import { requireSessionClaims, requireUser } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { endpointRoute, err } from "@/server/http/route-parts";

const watchRoute = endpointRoute(activityEndpoints.watch, {
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "Open a watch session for a view or watch-time task: the video, the seconds to prove, how often to beat",
  answer: "The session",
  responses: { 404: err("Not found"), 409: err("Not a watch task in progress") },
});

const beatRoute = endpointRoute(activityEndpoints.beat, {
  middleware: [requireSessionClaims] as const,
  tags: ["Earn"],
  summary: "A heartbeat: credited only while playing in a visible tab, by the position's advance and the server's clock",
  bodyName: "Heartbeat",
  answer: "Time credited so far; done: the activity is approved",
  responses: { 404: err("No such session of the caller's"), 409: err("The session has ended") },
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
