import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { NotificationHub } from "./live";

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

type Open = { response: ServerResponse; until: number };
const open = new Set<Open>();
let beat: ReturnType<typeof setInterval> | null = null;

/** One timer for every stream of the process: a ping every HEARTBEAT_MS, and the end after STREAM_MS (the browser reconnects). */
function heartbeat() {
  const now = Date.now();
  for (const stream of open) {
    if (now >= stream.until) stream.response.end();
    else stream.response.write(PING);
  }
}

/**
 * Serves one reader's stream on `response` (head already written): subscribed first, then the
 * opening "re-read", so nothing committed after the reader's re-read goes unannounced.
 */
export function serveNodeStream(hub: NotificationHub | null, userId: string): Job {
  return (response) => {
    const stream: Open = { response, until: Date.now() + STREAM_MS };
    let unsubscribe: (() => void) | null = null;
    let closed = false;
    response.on("close", () => {
      closed = true;
      open.delete(stream);
      unsubscribe?.();
      if (open.size === 0 && beat) {
        clearInterval(beat);
        beat = null;
      }
    });
    const start = hub ? hub.subscribe(userId, () => void response.write(RE_READ)) : Promise.resolve(() => undefined);
    start.then(
      (stop) => {
        if (closed) return stop();
        unsubscribe = stop;
        open.add(stream);
        beat ??= setInterval(heartbeat, HEARTBEAT_MS);
        beat.unref();
        response.write(FIRST);
      },
      () => response.end(),
    );
  };
}
