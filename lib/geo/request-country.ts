import { normalizeCountryCode } from "@/lib/i18n/locales";

/** Looks an IP address up in a country database; null when the address is unknown or private. */
export type CountryLookup = (ip: string) => string | null;

type HeaderSource = { get(name: string): string | null };

/** The client's address: the first entry of X-Forwarded-For, else X-Real-IP, else the socket's. */
export function clientIp(headers: HeaderSource, socketAddress?: string | null): string | null {
  const forwarded = headers.get("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  const candidate = first || headers.get("x-real-ip")?.trim() || socketAddress || null;
  if (!candidate) return null;
  // "::ffff:1.2.3.4" is an IPv4 address in IPv6 clothing.
  return candidate.replace(/^::ffff:/i, "");
}

/**
 * The visitor's country: from the trusted proxy header when one is configured and present
 * (TRUST_PROXY_COUNTRY_HEADER, e.g. CF-IPCountry), else from the IP address; null when unknown.
 */
export function requestCountry(
  headers: HeaderSource,
  options: { trustedHeader?: string | null; lookup: CountryLookup; socketAddress?: string | null },
): string | null {
  if (options.trustedHeader) {
    const fromHeader = normalizeCountryCode(headers.get(options.trustedHeader));
    if (fromHeader) return fromHeader;
  }
  const ip = clientIp(headers, options.socketAddress);
  return ip ? normalizeCountryCode(options.lookup(ip)) : null;
}
