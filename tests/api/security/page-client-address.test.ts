import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "@/lib/geo/client-address";
import { RenderedPageCache } from "@/server/http/rendered-page-cache";
import { pageHandler } from "@/server/http/page-server";

// The page side decides the visitor's language from the country of the client's address (proxy.ts,
// the page cache). Neither sees a socket, so the production server hands the address on in a header
// it writes itself: a client's own copy of that header, or a forged X-Forwarded-For entry, must not
// choose the address (issue 13, item 3's class).
describe("the client address the page side is given", () => {
  let server: Server;
  let port: number;
  let seen: IncomingMessage["headers"] = {};
  const saved = process.env.TRUST_PROXY;

  beforeAll(async () => {
    const handle = pageHandler({
      cache: new RenderedPageCache(),
      policy: () => "default-src 'self'",
      next: (req, res) => {
        seen = { ...req.headers };
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("next");
      },
    });
    server = createServer((req, res) => handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  });

  const visit = (headers: Record<string, string>) => fetch(`http://127.0.0.1:${port}/contact?x=1`, { headers });

  it("without TRUST_PROXY: the socket's address, whatever the client wrote", async () => {
    delete process.env.TRUST_PROXY;
    await visit({ [CLIENT_ADDRESS_HEADER]: "5.145.112.1", "x-forwarded-for": "85.105.0.1" });
    expect(seen[CLIENT_ADDRESS_HEADER]).toBe("127.0.0.1");
  });

  it("behind one proxy: the entry that proxy wrote, not the client's leftmost ones", async () => {
    process.env.TRUST_PROXY = "1";
    await visit({ [CLIENT_ADDRESS_HEADER]: "5.145.112.1", "x-forwarded-for": "85.105.0.1, 2.176.0.9" });
    expect(seen[CLIENT_ADDRESS_HEADER]).toBe("2.176.0.9");
  });
});
