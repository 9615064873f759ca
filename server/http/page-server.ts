import type { IncomingMessage, ServerResponse } from "node:http";
import type { RenderedPageCache } from "./rendered-page-cache";
import { secureDocuments, setTransportSecurity } from "./security-headers";

/**
 * The production server's page side (server/web.ts), everything but /api: HSTS for the request,
 * then the rendered-page cache, and behind it Next.js, each HTML document it sends carrying the
 * Content-Security-Policy of its own inline scripts (kept with the page by the cache).
 */
export function pageHandler(options: {
  cache: RenderedPageCache;
  policy: (scriptHashes: readonly string[]) => string;
  next: (req: IncomingMessage, res: ServerResponse) => void;
}): (req: IncomingMessage, res: ServerResponse) => void {
  const { cache, policy, next } = options;
  return (req, res) => {
    setTransportSecurity(req, res);
    cache.handle(req, res, () => {
      secureDocuments(req, res, policy);
      next(req, res);
    });
  };
}
