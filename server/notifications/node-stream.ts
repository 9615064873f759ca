import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { EndReason, LiveStream, NotificationHub } from "./live";

/**
 * The notification stream written straight to Node's response (issue 18's benchmark: 10,000 open
 * streams per instance). Hono's streamSSE keeps a web stream, its writer, an encoder, a promise
 * loop and a timer per connection and sends each event through them; here a stream is the socket's
 * response, one closure in the hub and one entry in a shared set, and an event is one write.
 *
 * How: the route (server/notifications/routes.ts), served by our Node listener, answers an empty
 * 200 carrying STREAM_HANDOVER_HEADER; once every middleware has added its headers, the listener
 * (server/http/node-listener.ts) writes the head itself and hands the response to the stream
 * registered under that header. Elsewhere (tests calling app.fetch) the route keeps streamSSE.
 */
export const STREAM_HANDOVER_HEADER = "x-takapoo-stream";

export const HEARTBEAT_MS = 20_000;
export const STREAM_MS = 5 * 60_000;

const RE_READ = "event: re-read\ndata: re-read\n\n";
const FIRST = `retry: 3000\n${RE_READ}`;
const PING = "event: ping\ndata: \n\n";

type Job = (response: ServerResponse) => void;
const handovers = new Map<string, { job: Job; timer: ReturnType<typeof setTimeout> }>();

/** Registers what to do with the response once its head is written; the header's value to answer with. */
export function registerHandover(job: Job): string {
  const id = randomUUID();
  // A handover nobody takes (the answer never reached the listener) is forgotten after a minute.
  const timer = setTimeout(() => handovers.delete(id), 60_000);
  timer.unref();
  handovers.set(id, { job, timer });
  return id;
}

/** The listener's side: the job registered under `id`, taken once. */
export function takeHandover(id: string): Job | undefined {
  const entry = handovers.get(id);
  if (!entry) return undefined;
  handovers.delete(id);
  clearTimeout(entry.timer);
  return entry.job;
}

type Open = { response: ServerResponse; live: LiveStream };
const open = new Set<Open>();
let beat: ReturnType<typeof setInterval> | null = null;

/** One timer for every stream of the process: a ping every HEARTBEAT_MS, and the end at its `until` (the browser reconnects). */
function heartbeat() {
  const now = Date.now();
  for (const { response, live } of open) {
    if (now >= live.until) response.end();
    else response.write(PING);
  }
}

/** Who a stream is for: the caller, the access token's session and the caller's address bucket. */
export type StreamCaller = Pick<LiveStream, "userId" | "sessionId" | "address">;

/** The last event of a stream the server ends before its time (see EndReason). */
export const endEvent = (reason: EndReason) => `event: end\ndata: ${reason}\n\n`;

/**
 * Serves one reader's stream on `response` (head already written; the route awaited hub.ready()):
 * held by the hub first, then the opening "re-read", so nothing committed after the reader's re-read
 * goes unannounced. The hub ends it when its session ends or the person opens one too many.
 */
export function serveNodeStream(hub: NotificationHub | null, caller: StreamCaller): Job {
  return (response) => {
    const live: LiveStream = {
      ...caller,
      until: Date.now() + STREAM_MS,
      wake: () => void response.write(RE_READ),
      end: (reason) => void response.end(endEvent(reason)),
    };
    const remove = hub ? hub.add(live) : () => undefined;
    // The address's streams filled up between the route's check and now (a burst opened at once).
    if (!remove) return void response.end(endEvent("busy"));
    const stream: Open = { response, live };
    response.on("close", () => {
      open.delete(stream);
      remove();
      if (open.size === 0 && beat) {
        clearInterval(beat);
        beat = null;
      }
    });
    open.add(stream);
    beat ??= setInterval(heartbeat, HEARTBEAT_MS);
    beat.unref();
    response.write(FIRST);
  };
}
