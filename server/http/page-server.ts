import type { IncomingMessage, ServerResponse } from "node:http";
import type { RenderedPageCache } from "./rendered-page-cache";
import { stampClientAddress } from "./client-address";
import { type DocumentPolicy, secureDocuments, setTransportSecurity } from "./security-headers";

/**
 * The production server's page side (server/web.ts), everything but /api: the client's address
 * worked out from the socket and TRUST_PROXY (for the country, hence the language, that the page
 * cache and proxy.ts decide; whatever a client wrote under that header is replaced), HSTS for the
 * request, then the rendered-page cache, and behind it Next.js, each HTML document it sends carrying the
 * Content-Security-Policy of its own inline scripts and styles (kept with the page by the cache).
 */
export function pageHandler(options: {
  cache: RenderedPageCache;
  policy: DocumentPolicy;
  next: (req: IncomingMessage, res: ServerResponse) => void;
}): (req: IncomingMessage, res: ServerResponse) => void {
  const { cache, policy, next } = options;
  return (req, res) => {
    stampClientAddress(req);
    setTransportSecurity(req, res);
    cache.handle(req, res, () => {
      secureDocuments(req, res, policy);
      next(req, res);
    });
  };
}
