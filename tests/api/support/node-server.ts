import { createServer, type Server } from "node:http";
import type net from "node:net";
import type { Database } from "@/server/db/client";
import type { AppDeps } from "@/server/http/context";
import { createApiListener } from "@/server/http/node-listener";
import { memoryStorage, recordingSms } from "./helpers";

/**
 * The API through the real Node listener (server/http/node-listener.ts, as `npm start` and `npm run api`
 * serve it) on a socket of 127.0.0.1: for what lives in the Node adapter. `inflight` holds the requests
 * still being answered; `close` ends every connection and the server.
 */
export async function startNodeListener(database: Database, deps: Partial<AppDeps> = {}) {
  const listener = createApiListener({
    database: async () => database,
    sms: recordingSms().sender,
    storage: memoryStorage(),
    youtube: null,
    ...deps,
  });
  const inflight = new Set<Promise<void>>();
  const server: Server = createServer((req, res) => {
    const handled = listener(req, res);
    inflight.add(handled);
    void handled.finally(() => inflight.delete(handled));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { port, inflight, close };
}
