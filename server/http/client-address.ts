import { CLIENT_ADDRESS_HEADER, clientAddress, parseTrustProxy, type HeaderSource, type ProxyTrust } from "@/lib/geo/client-address";
import { env } from "@/server/core/env";

/**
 * This process's side of the client's address: the reverse proxies TRUST_PROXY says to believe, and
 * the page side's stamp. The reading itself is pure, in lib/geo/client-address.ts.
 */

let cached: { value: string | undefined; trust: ProxyTrust } | undefined;

/** TRUST_PROXY of this process (read again when it changes, as tests do). */
export function proxyTrust(): ProxyTrust {
  const value = env.TRUST_PROXY;
  if (!cached || cached.value !== value) cached = { value, trust: parseTrustProxy(value) };
  return cached.trust;
}

type NodeRequest = { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string | undefined } };

/** For server/web.ts, on every page request before the page cache and Next.js see it. */
export function stampClientAddress(req: NodeRequest): void {
  delete req.headers[CLIENT_ADDRESS_HEADER];
  const address = clientAddress(nodeHeaders(req.headers), req.socket.remoteAddress, proxyTrust());
  if (address) req.headers[CLIENT_ADDRESS_HEADER] = address;
}

function nodeHeaders(headers: NodeRequest["headers"]): HeaderSource {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    },
  };
}
