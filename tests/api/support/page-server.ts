import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { afterAll, beforeAll } from "vitest";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The compression middleware Next.js wraps its responses in, so a page cache sees what it would in production. */
export const nextCompression = createRequire(import.meta.url)("next/dist/compiled/compression") as () => (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void;

/**
 * Serves `handler` on 127.0.0.1 for the file's tests, as behind one reverse proxy (TRUST_PROXY=1:
 * a visitor's address and country come from X-Forwarded-For); `listening` gets the base URL.
 */
export function serveBehindProxy(handler: Handler, listening: (base: string) => void): void {
  let server: Server;
  const trustProxy = process.env.TRUST_PROXY;
  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    listening(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    if (trustProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxy;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
