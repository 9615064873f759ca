import { OpenAPIHono } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { HEARTBEAT_MS, registerHandover, serveNodeStream, STREAM_HANDOVER_HEADER, STREAM_MS, type StreamCaller } from "./node-stream";
import { notificationEndpoints, notificationOutput } from "@/lib/schemas/notifications";
import { preferencesOf, setPreferences } from "./preferences";
import { addressBucket } from "@/lib/geo/client-address";
import { rateLimitIp, requireUser } from "@/server/http/auth";
import type { AppDeps, AppEnv, Services } from "@/server/http/context";
import { AppError } from "@/server/http/errors";
import { errorResponses } from "@/server/http/envelope";
import { components, endpointRoute, err, listAnswer } from "@/server/http/route-parts";
import { hubOf, STREAMS_PER_ADDRESS, STREAMS_PER_PERSON, type EndReason, type LiveStream, type NotificationHub } from "./live";
import { toNotificationOutput } from "./present";
import { listNotifications, readAllNotifications, readNotification, seeNotifications, unseenCount } from "./queries";

components({ Notification: notificationOutput });

const listRoute = endpointRoute(notificationEndpoints.list, {
  middleware: [requireUser] as const,
  tags: ["Notifications"],
  summary: "The caller's notifications, newest first: all, new (unread) or read",
  answer: "A page of notifications",
  responses: { ...errorResponses },
});
const countRoute = endpointRoute(notificationEndpoints.count, {
  middleware: [requireUser] as const,
  tags: ["Notifications"],
  summary: "The header's count: notifications not yet seen (a counter, not a count over the table)",
  answer: "The count",
});
const seenRoute = endpointRoute(notificationEndpoints.seen, {
  middleware: [requireUser] as const,
  tags: ["Notifications"],
  summary: "The inbox was opened: everything in it is seen and the header's count goes to zero",
  answer: "The count",
});
const readRoute = endpointRoute(notificationEndpoints.read, {
  middleware: [requireUser] as const,
  tags: ["Notifications"],
  summary: "Open one notification: read from now on (anyone else's answers 404)",
  answer: "The notification",
  responses: { 404: err("Not found"), ...errorResponses },
});
const readAllRoute = endpointRoute(notificationEndpoints.readAll, {
  middleware: [requireUser] as const,
  tags: ["Notifications"],
  summary: "Mark every notification read",
  answer: "How many were marked, and the count",
});
const streamRoute = endpointRoute(notificationEndpoints.stream, {
  middleware: [requireUser] as const,
  tags: ["Notifications"],
  summary:
    "Server-sent events: `re-read` whenever the caller's notifications change (and once on opening); `ping` every 20 s. " +
    "Closed after 5 minutes (sooner if the session expires): the browser reconnects. " +
    `A person keeps ${STREAMS_PER_PERSON} open per instance: one more ends their oldest with \`end\` (\`superseded\`); ` +
    "the session's end (logout, password change or reset, a ban …) ends its streams on every instance with `end` (`session`). " +
    `After \`end\`, do not reconnect. ${STREAMS_PER_ADDRESS} per address per instance: one more is refused (429)`,
  answer: "text/event-stream",
  responses: { 429: err(`${STREAMS_PER_ADDRESS} streams already open from this address (too_many_streams)`) },
});

const preferencesRoute = endpointRoute(notificationEndpoints.preferences, {
  middleware: [requireUser] as const,
  tags: ["Notifications"],
  summary: "What the caller is told, per category: in the app (money and account always) and by SMS",
  answer: "The preferences",
});
const putPreferencesRoute = endpointRoute(notificationEndpoints.setPreferences, {
  middleware: [requireUser] as const,
  tags: ["Notifications"],
  summary: "Switch categories off per channel (money and account cannot be switched off in the app: 422)",
  answer: "The preferences",
});

/** The instance's hub, listening (null when the database cannot listen). */
async function readyHub(database: AppDeps["database"]): Promise<NotificationHub | null> {
  const { db, listen } = await database();
  if (!listen) return null;
  const hub = hubOf(listen, db);
  await hub.ready().catch(() => {
    throw new AppError("service_unavailable");
  });
  return hub;
}

/** The inbox (issue 18): its list, the header's count, reading, and the live "re-read" stream. */
export function notificationRoutes(services: Pick<Services, "socketAddress">, database: AppDeps["database"]) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const found = await listNotifications({ db: c.get("db") }, { userId: c.get("user").id, query });
      return c.json(listAnswer(query, found, toNotificationOutput), 200);
    })
    .openapi(countRoute, async (c) =>
      c.json({ data: { unseen: await unseenCount({ db: c.get("db") }, { userId: c.get("user").id }) } }, 200),
    )
    .openapi(seenRoute, async (c) => c.json({ data: await seeNotifications({ db: c.get("db") }, { userId: c.get("user").id }) }, 200))
    .openapi(readAllRoute, async (c) =>
      c.json({ data: await readAllNotifications({ db: c.get("db") }, { userId: c.get("user").id }) }, 200),
    )
    .openapi(readRoute, async (c) => {
      const row = await readNotification({ db: c.get("db") }, { userId: c.get("user").id, id: c.req.valid("param").id });
      return c.json({ data: toNotificationOutput(row) }, 200);
    })
    .openapi(preferencesRoute, async (c) => c.json({ data: await preferencesOf({ db: c.get("db") }, { userId: c.get("user").id }) }, 200))
    .openapi(putPreferencesRoute, async (c) => {
      const preferences = await setPreferences({ db: c.get("db"), actor: c.get("user"), ip: null }, c.req.valid("json"));
      return c.json({ data: preferences }, 200);
    })
    .openapi(streamRoute, async (c) => {
      const caller: StreamCaller = {
        userId: c.get("user").id,
        sessionId: c.get("claims").sessionId,
        address: addressBucket(rateLimitIp(c, services)),
      };
      const hub = await readyHub(database);
      // Per address the newest is refused rather than the oldest closed: the streams at an address
      // are often other people's (a family, an office, a carrier's NAT), and closing them would let
      // one person with a few accounts cut everyone else's — each then reconnecting and closing
      // another. A refused page loses only its live updates (it polls the count every minute).
      if (hub && !hub.hasRoom(caller.address)) throw new AppError("too_many_streams");
      c.header("Cache-Control", "no-store");
      c.header("X-Accel-Buffering", "no");
      // Served by our Node listener: the response goes to the lean stream once its head is written.
      if ((c.env as { outgoing?: unknown } | undefined)?.outgoing) {
        c.header(STREAM_HANDOVER_HEADER, registerHandover(serveNodeStream(hub, caller)));
        c.header("Content-Type", "text/event-stream");
        return c.body(null, 200);
      }
      return streamSSE(c, async (stream) => {
        let wake: () => void = () => undefined;
        const woken = () => new Promise<"wake">((resolve) => (wake = () => resolve("wake")));
        let next = woken();
        const state: { closed: boolean; ended: EndReason | null } = { closed: false, ended: null };
        const live: LiveStream = {
          ...caller,
          until: Date.now() + STREAM_MS,
          wake: () => wake(),
          end: (reason) => {
            state.ended = reason;
            wake();
          },
        };
        const remove = hub ? hub.add(live) : () => undefined;
        if (!remove) return void (await stream.writeSSE({ event: "end", data: "busy" }));
        stream.onAbort(() => {
          state.closed = true;
          wake();
        });
        try {
          await stream.writeSSE({ event: "re-read", data: "re-read", retry: 3_000 });
          while (!state.closed && !state.ended && Date.now() < live.until) {
            let timer: ReturnType<typeof setTimeout> | undefined;
            const beat = new Promise<"beat">((resolve) => (timer = setTimeout(() => resolve("beat"), HEARTBEAT_MS)));
            const why = await Promise.race([next, beat]);
            clearTimeout(timer);
            if (state.closed || state.ended) break;
            if (why === "wake") {
              next = woken();
              await stream.writeSSE({ event: "re-read", data: "re-read" });
            } else await stream.writeSSE({ event: "ping", data: "" });
          }
          if (state.ended && !state.closed) await stream.writeSSE({ event: "end", data: state.ended });
        } finally {
          remove();
        }
      });
    });
}
