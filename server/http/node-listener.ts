import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "../app";
import type { AppDeps } from "./context";
import { sharedDatabase } from "../db";
import { reportError } from "../adapters/error-reporting";
import { originalRequest } from "./body-limit";

/**
 * The core API as a Node request listener on the process's shared database, telling the app each
 * caller's socket address (used for the country when no proxy header names it).
 */
export function createApiListener(deps: Partial<AppDeps> = {}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const peers = new WeakMap<Request, string>();
  const app = createApp({
    database: sharedDatabase,
    reportError,
    socketAddress: (request) => peers.get(originalRequest(request)) ?? null,
    ...deps,
  });
  // overrideGlobalObjects: false — Next.js may share this process and needs the real Request/Response.
  // The request the app sees is then the adapter's lightweight one, which the global Request
  // constructor cannot copy: server/http/body-limit.ts copies by URL, method and headers instead.
  return getRequestListener(
    (request, env) => {
      const address = env.incoming.socket.remoteAddress;
      if (address) peers.set(request, address);
      return app.fetch(request, env);
    },
    { overrideGlobalObjects: false },
  );
}
