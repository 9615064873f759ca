import { ServerResponse, type IncomingMessage } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "../app";
import type { AppDeps } from "./context";
import { sharedDatabase } from "../db";
import { reportError } from "../adapters/error-reporting";
import { originalRequest } from "./body-limit";
import { STREAM_HANDOVER_HEADER, takeHandover } from "../notifications/node-stream";

/**
 * The core API as a Node request listener on the process's shared database, telling the app each
 * caller's socket address (used for the country when no proxy header names it). `ownProcess`: nothing
 * else (Next.js) runs in this process, so @hono/node-server may put its lightweight Request and
 * Response in place of the global ones: a JSON answer is then written from its string, without the web
 * stream a global Response wraps its body in (server/standalone.ts).
 */
export function createApiListener(
  deps: Partial<AppDeps> = {},
  { ownProcess = false }: { ownProcess?: boolean } = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const peers = new WeakMap<Request, string>();
  const app = createApp({
    database: sharedDatabase,
    reportError,
    socketAddress: (request) => peers.get(originalRequest(request)) ?? null,
    ...deps,
  });
  // Unless ownProcess, overrideGlobalObjects: false — Next.js may share this process and needs the real
  // Request/Response. The request the app sees is then the adapter's lightweight one, which the global
  // Request constructor cannot copy: server/http/body-limit.ts copies by URL, method and headers instead.
  return getRequestListener(
    async (request, env) => {
      const address = env.incoming.socket.remoteAddress;
      if (address) peers.set(request, address);
      const response = await app.fetch(request, env);
      const handover = response.headers.get(STREAM_HANDOVER_HEADER);
      if (!handover) return response;
      // Our servers speak HTTP/1.1 (node:http); an HTTP/2 response is not ours to stream on.
      return env.outgoing instanceof ServerResponse ? handOver(response, handover, env.outgoing) : new Response(null, { status: 503 });
    },
    { overrideGlobalObjects: ownProcess },
  );
}

/**
 * A streaming answer the route gave to server/notifications/node-stream.ts: its head — with every
 * header the middleware added — is written here, then the response is the stream's to write.
 */
function handOver(response: Response, id: string, outgoing: ServerResponse): Response {
  const job = takeHandover(id);
  if (!job) return new Response(null, { status: 503 });
  const head: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== STREAM_HANDOVER_HEADER && name !== "set-cookie" && name !== "content-length") head[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) head["set-cookie"] = cookies;
  outgoing.writeHead(response.status, head);
  if (outgoing.req.method === "HEAD") outgoing.end();
  else {
    outgoing.flushHeaders();
    job(outgoing);
  }
  // @hono/node-server leaves a response marked already sent alone — unless it is its lightweight
  // Response still holding its parts (ownProcess), which it would write as an empty answer, ending the
  // stream: reading the body makes it a plain Response first.
  const sent = new Response(null, { headers: { "x-hono-already-sent": "1" } });
  void sent.body;
  return sent;
}
