import { normalizeCountryCode } from "@/lib/i18n/locales";
import { CLIENT_ADDRESS_HEADER, clientAddress, normalizeAddress } from "./client-address";

/** Looks an IP address up in a country database; null when the address is unknown or private. */
export type CountryLookup = (ip: string) => string | null;

type HeaderSource = { get(name: string): string | null };

/**
 * The client's address as TRUST_PROXY says to read it (lib/geo/client-address.ts): without it the
 * socket's peer, X-Forwarded-For ignored; behind trusted proxies, read from the right.
 */
export function clientIp(headers: HeaderSource, socketAddress?: string | null): string | null {
  return clientAddress(headers, socketAddress);
}

/**
 * The visitor's country: from the trusted proxy header when one is configured and present
 * (TRUST_PROXY_COUNTRY_HEADER, e.g. CF-IPCountry), else from the client's address (clientIp: pass
 * the socket's peer as `socketAddress` where it is known); null when unknown.
 */
export function requestCountry(
  headers: HeaderSource,
  options: { trustedHeader?: string | null; lookup: CountryLookup; socketAddress?: string | null },
): string | null {
  if (options.trustedHeader) {
    const fromHeader = normalizeCountryCode(headers.get(options.trustedHeader));
    if (fromHeader) return fromHeader;
  }
  // No socket here (proxy.ts, the page cache): the address the production server worked out.
  const stamped = options.socketAddress === undefined ? headers.get(CLIENT_ADDRESS_HEADER) : null;
  const ip = stamped ? normalizeAddress(stamped) : clientIp(headers, options.socketAddress);
  return ip ? normalizeCountryCode(options.lookup(ip)) : null;
}
