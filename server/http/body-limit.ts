import type { Context, MiddlewareHandler } from "hono";

/** Which request a buffered copy was made from (the socket address is known for the original). */
const madeFrom = new WeakMap<Request, Request>();

/** The request as the server received it, before limitBody replaced it with a buffered copy. */
export function originalRequest(request: Request): Request {
  let current = request;
  for (let from = madeFrom.get(current); from; from = madeFrom.get(current)) current = from;
  return current;
}

/**
 * Refuses a request body larger than `maxSize` bytes (onError throws the answer). A declared
 * Content-Length is judged without reading; a body of unknown length (chunked, or a request that
 * declares none, e.g. a DELETE or an OPTIONS from a browser) is read up to the limit and handed on
 * as a buffered copy.
 *
 * Why not hono/body-limit: it rebuilds the request with `new Request(c.req.raw, …)`, and under
 * @hono/node-server with overrideGlobalObjects: false (server/http/node-listener.ts: Next.js shares
 * the process) c.req.raw is the adapter's lightweight request, which the global Request constructor
 * takes for a Request (its prototype says so) but which lacks the private fields it reads: every
 * non-GET request without a Content-Length answered 500 ("Cannot read private member #state").
 * Here the copy is built from the URL, method and headers only, which any Request-like object has.
 */
export function limitBody({ maxSize, onError }: { maxSize: number; onError: (c: Context) => never }): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding")) {
      if (Number(declared) > maxSize) onError(c);
      return next();
    }
    const body = raw.body;
    if (!body) return next();
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) onError(c);
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const copy = new Request(raw.url, { method: raw.method, headers: raw.headers, body: bytes, signal: raw.signal });
    madeFrom.set(copy, raw);
    c.req.raw = copy;
    return next();
  };
}
