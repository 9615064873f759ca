/**
 * The client's address, the one place it is worked out (rate limits, sessions' recorded address,
 * GET /api/ip/info, the country of proxy.ts and the page cache). Pure: the trust is handed in; this
 * process's TRUST_PROXY is read by server/http/client-address.ts (proxyTrust).
 *
 * TRUST_PROXY says which reverse proxies in front of us to believe, as mature servers do (Express's
 * `trust proxy`, nginx's real_ip): a number of hops (`1`, `2` …), or a comma-separated list of the
 * proxies' addresses and CIDR ranges (`10.0.0.0/8, 2001:db8::/32`; also `loopback`, `private`,
 * `linklocal`). Each proxy appends the address it was connected from to X-Forwarded-For, so the
 * chain is read from the right: the socket's peer first, then X-Forwarded-For's entries from last to
 * first, skipping the trusted proxies; the first address that is not a trusted proxy is the client.
 * Entries further left were written by the client and are never read. Unset (or `false`, `0`):
 * X-Forwarded-For and X-Real-IP are ignored and the socket's peer is the client. `true` is refused:
 * it used to mean "believe the leftmost entry", which the client writes, and says neither how many
 * proxies there are nor which.
 */

export type HeaderSource = { get(name: string): string | null };

type Range = { bytes: Uint8Array; prefix: number };

export type ProxyTrust = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "proxies"; ranges: Range[] };

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
};

/** Reads a TRUST_PROXY value; throws with a sentence saying what to write instead. */
export function parseTrustProxy(value: string | undefined | null): ProxyTrust {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return { kind: "none" };
  if (text === "true")
    throw new Error(
      "TRUST_PROXY=true is ambiguous and no longer accepted: set the number of reverse proxies in front of the server " +
        "(TRUST_PROXY=1 for one, 2 for a CDN in front of a load balancer …) or their addresses (TRUST_PROXY=10.0.0.0/8,192.168.1.10).",
    );
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error(`TRUST_PROXY=${text}: at most 32 proxy hops`);
    return { kind: "hops", hops };
  }
  const ranges: Range[] = [];
  for (const item of text.split(",").map((part) => part.trim().toLowerCase())) {
    for (const entry of NAMED_RANGES[item] ?? [item]) {
      const range = parseRange(entry);
      if (!range)
        throw new Error(
          `TRUST_PROXY: "${item}" is not a number of proxy hops, an IP address, a CIDR range or one of loopback, private, linklocal`,
        );
      ranges.push(range);
    }
  }
  return { kind: "proxies", ranges };
}

/**
 * The client's address, or null when it cannot be known. `peer` is the socket's remote address;
 * where it is not known (Next.js's proxy.ts sees no socket), a request is taken to have come
 * through the trusted proxies, so without TRUST_PROXY there is no address at all.
 */
export function clientAddress(headers: HeaderSource, peer: string | null | undefined, trust: ProxyTrust): string | null {
  const socket = peer ? normalizeAddress(peer) : null;
  if (trust.kind === "none") return socket;
  // Nearest first: the peer, then X-Forwarded-For from right to left (X-Real-IP stands for a
  // one-entry X-Forwarded-For, as nginx writes it).
  const forwarded = headers.get("x-forwarded-for");
  const written = forwarded !== null ? forwarded.split(",") : [headers.get("x-real-ip") ?? ""];
  const chain = written
    .map((entry) => normalizeAddress(entry))
    .filter((entry) => entry !== "")
    .reverse();
  // An unknown peer is taken for the nearest trusted proxy.
  const hops: Array<string | null> = [socket, ...chain];
  for (let i = 0; i < hops.length; i++) {
    const address = hops[i]!;
    const trusted = trust.kind === "hops" ? i < trust.hops : address === null || isTrustedProxy(address, trust.ranges);
    if (!trusted) return address;
  }
  // Every hop was a trusted proxy: the furthest one is the best we know.
  return hops.at(-1) ?? null;
}

/**
 * Where the production server (server/web.ts) writes the client's address for the page side:
 * Next.js's proxy.ts sees no socket, so the server works the address out from its socket and
 * TRUST_PROXY (stampClientAddress, server/http/client-address.ts) and hands it on in this header,
 * replacing whatever a client sent under the same name. requestCountry reads it where no socket is
 * known. Only the country (the page's language) comes from it: a client that reaches Next.js some
 * other way and writes it chooses nothing but its own language, as the language cookie lets anyone do.
 */
export const CLIENT_ADDRESS_HEADER = "x-takapoo-client-address";

/**
 * What a per-address limit counts: an IPv4 address itself, an IPv6 address's /64 (one subscriber's
 * network: whoever has one address there has 2^64 of them, so counting single IPv6 addresses would
 * let one client take a fresh address per request).
 */
export function addressBucket(address: string): string {
  const bytes = parseIp(address);
  if (!bytes || bytes.length === 4) return address;
  const groups = Array.from({ length: 4 }, (_, i) => ((bytes[i * 2]! << 8) | bytes[i * 2 + 1]!).toString(16));
  return `${groups.join(":")}::/64`;
}

/** Trims an entry and unwraps what proxies add around an address: [v6]:port, v4:port, ::ffff:v4. */
export function normalizeAddress(entry: string): string {
  let address = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").toLowerCase();
}

function isTrustedProxy(address: string, ranges: Range[]): boolean {
  const bytes = parseIp(address);
  return bytes !== null && ranges.some((range) => inRange(bytes, range));
}

function inRange(bytes: Uint8Array, range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const left = Math.min(8, range.prefix - bit);
    const mask = (0xff << (8 - left)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (range.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

/** Whether `text` is one IP address or CIDR range (an API key's allow-list entry). */
export function isAddressRange(text: string): boolean {
  return parseRange(text.trim().toLowerCase()) !== null;
}

/** Whether the address lies in one of the ranges (each an address or CIDR range; unreadable ones match nothing). */
export function addressInRanges(address: string, ranges: readonly string[]): boolean {
  const bytes = parseIp(normalizeAddress(address));
  if (!bytes) return false;
  return ranges.some((text) => {
    const range = parseRange(text.trim().toLowerCase());
    return range !== null && inRange(bytes, range);
  });
}

function parseRange(text: string): Range | null {
  const [address, prefixText, extra] = text.split("/");
  if (extra !== undefined || !address) return null;
  const bytes = parseIp(normalizeAddress(address));
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (prefixText === undefined) return { bytes, prefix: max };
  if (!/^\d+$/.test(prefixText) || Number(prefixText) > max) return null;
  return { bytes, prefix: Number(prefixText) };
}

/** 4 bytes for IPv4 (also IPv4-mapped IPv6), 16 for IPv6, null for anything else. */
export function parseIp(text: string): Uint8Array | null {
  const v4 = parseIpv4(text);
  if (v4) return v4;
  if (!text.includes(":")) return null;
  let head = text;
  let tail: number[] = [];
  const embedded = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (embedded) {
    const four = parseIpv4(embedded[2]!);
    if (!four) return null;
    head = `${embedded[1]}0:0`;
    tail = [...four];
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...right];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  if (tail.length === 4) bytes.set(tail, 12);
  // ::ffff:a.b.c.d is an IPv4 address.
  if (bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  return bytes;
}

function parseIpv4(text: string): Uint8Array | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return Uint8Array.from(parts.map(Number));
}
