// Many server-sent event streams held open by one client process, as browsers hold the notification
// stream (tests/bench/notifications.mjs). Each stream is its own socket carrying one HTTP/1.1 GET with
// the access cookie an EventSource sends; what comes back is only searched for `event: re-read`
// (the chunked framing cannot contain it), so the client's own work per event stays small: it shares
// the machine with the server it measures.
import net from "node:net";
import { performance } from "node:perf_hooks";

const EVENT = Buffer.from("event: re-read\n");

/** One stream; answers once its first `re-read` (sent when the server has subscribed it) arrived. */
function openStream(port, path, cookie, onEvent, forwardedFor) {
  return new Promise((resolve, reject) => {
    const stream = { rereads: 0, lastAt: 0, socket: null };
    const socket = net.connect(port, "127.0.0.1");
    stream.socket = socket;
    let head = true;
    let tail = Buffer.alloc(0);
    const via = forwardedFor ? `X-Forwarded-For: ${forwardedFor}\r\n` : "";
    socket.on("connect", () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\nCookie: ${cookie}\r\n${via}\r\n`,
      ),
    );
    socket.on("data", (chunk) => {
      const at = performance.now();
      if (head) {
        head = false;
        if (!chunk.toString("latin1", 0, 12).endsWith(" 200")) {
          socket.destroy();
          return reject(new Error(`stream answered ${chunk.toString("latin1", 0, 200)}`));
        }
      }
      const text = tail.length ? Buffer.concat([tail, chunk]) : chunk;
      let events = 0;
      for (let i = text.indexOf(EVENT); i >= 0; i = text.indexOf(EVENT, i + EVENT.length)) events++;
      tail = text.subarray(Math.max(0, text.length - EVENT.length + 1));
      for (let i = 0; i < events; i++) {
        stream.rereads++;
        stream.lastAt = at;
        if (stream.rereads === 1) resolve(stream);
        else onEvent(stream);
      }
    });
    socket.on("error", reject);
  });
}

/**
 * Opens one stream per entry of `cookies` (the value of each one's Cookie header), `concurrency` at
 * a time; `onEvent(stream)` is called for each `re-read` after the first. `forwardedFor(i)`, when
 * given, is the i-th stream's X-Forwarded-For: the API (TRUST_PROXY=1) then counts each stream
 * against that address, as it would each browser's behind a proxy, rather than all against 127.0.0.1.
 */
export async function openStreams({ port, path, cookies, concurrency = 100, onEvent = () => undefined, forwardedFor }) {
  const streams = new Array(cookies.length);
  let next = 0;
  const worker = async () => {
    while (next < cookies.length) {
      const i = next++;
      streams[i] = await openStream(port, path, cookies[i], onEvent, forwardedFor?.(i));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return streams;
}

export function closeStreams(streams) {
  for (const stream of streams) stream?.socket.destroy();
}
