import { normalizeCountryCode } from "@/lib/i18n/locales";
import { CLIENT_ADDRESS_HEADER, clientAddress, normalizeAddress, type HeaderSource, type ProxyTrust } from "./client-address";

/** Looks an IP address up in a country database; null when the address is unknown or private. */
export type CountryLookup = (ip: string) => string | null;

/**
 * The visitor's country: from the trusted proxy header when one is configured and present
 * (TRUST_PROXY_COUNTRY_HEADER, e.g. CF-IPCountry), else from the client's address as `trust` says to
 * read it (clientAddress: without trusted proxies the socket's peer, X-Forwarded-For ignored; behind
 * them, read from the right; pass the socket's peer as `socketAddress` where it is known); null when
 * unknown. The server passes its TRUST_PROXY as `trust` (proxyTrust, server/http/client-address.ts).
 */
export function requestCountry(
  headers: HeaderSource,
  options: { trustedHeader?: string | null; lookup: CountryLookup; socketAddress?: string | null; trust: ProxyTrust },
): string | null {
  if (options.trustedHeader) {
    const fromHeader = normalizeCountryCode(headers.get(options.trustedHeader));
    if (fromHeader) return fromHeader;
  }
  // No socket here (proxy.ts, the page cache): the address the production server worked out.
  const stamped = options.socketAddress === undefined ? headers.get(CLIENT_ADDRESS_HEADER) : null;
  const ip = stamped ? normalizeAddress(stamped) : clientAddress(headers, options.socketAddress, options.trust);
  return ip ? normalizeCountryCode(options.lookup(ip)) : null;
}
