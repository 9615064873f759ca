import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { addressInRanges, parseIp } from "@/lib/geo/client-address";
import { env } from "@/server/core/env";

/**
 * No request forgery through webhooks: an endpoint never reaches our own network. Every address a
 * delivery connects to is checked as the connection is made (the `lookup` below), so a name that
 * resolved to a public address when registered and to 10.0.0.1 later (DNS rebinding) is still refused.
 */
const FORBIDDEN = [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8",
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8",
  "169.254.0.0/16", // link-local (cloud metadata services)
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15", // benchmarking
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, broadcast
  "::/128",
  "::1/128",
  "64:ff9b::/96", // NAT64 of any IPv4 address
  "fc00::/7", // unique local
  "fe80::/10", // link-local
  "ff00::/8", // multicast
];

/** Whether a delivery may connect to `address` (always, when WEBHOOKS_ALLOW_PRIVATE is set for tests). */
export function isPublicAddress(address: string): boolean {
  if (env.WEBHOOKS_ALLOW_PRIVATE) return true;
  return parseIp(address) !== null && !addressInRanges(address, FORBIDDEN);
}

/** Thrown (as the connection's error) when a name resolves to an address deliveries may not reach. */
export class ForbiddenAddressError extends Error {
  constructor(readonly address: string) {
    super(`webhook address refused: ${address} is not on the public internet`);
  }
}

/** DNS lookup for deliveries: the system's, refusing a private, loopback or link-local answer. */
export const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const refused = found.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(new ForbiddenAddressError(refused.address), "", 0);
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, found);
    const first = found[0]!;
    callback(null, first.address, first.family);
  });
};

/** Resolves a URL's host now: whether every address it names is public (registering an endpoint). */
export async function resolvesPublicly(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (parseIp(host)) return isPublicAddress(host);
  return new Promise((resolve) => {
    publicLookup(host, { all: true }, (error) => resolve(!error || !(error instanceof ForbiddenAddressError)));
  });
}
