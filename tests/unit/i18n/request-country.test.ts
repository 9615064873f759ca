import { afterEach, describe, expect, it } from "vitest";
import { addressBucket, CLIENT_ADDRESS_HEADER, clientAddress, parseTrustProxy } from "@/lib/geo/client-address";
import { requestCountry as countryWith } from "@/lib/geo/request-country";
import { lookupCountry } from "@/server/adapters/geoip";
import { proxyTrust, stampClientAddress } from "@/server/http/client-address";

const headers = (values: Record<string, string>) => new Headers(values);
// As the server asks it: with this process's TRUST_PROXY.
const requestCountry = (h: Headers, options: Omit<Parameters<typeof countryWith>[1], "trust">) =>
  countryWith(h, { ...options, trust: proxyTrust() });
const configured = process.env.TRUST_PROXY;
afterEach(() => {
  if (configured === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = configured;
});

describe("requestCountry with the shipped GeoIP database", () => {
  it("finds Iran and Türkiye from the client's address", () => {
    delete process.env.TRUST_PROXY;
    expect(requestCountry(headers({}), { lookup: lookupCountry, socketAddress: "5.160.0.1" })).toBe("IR");
    process.env.TRUST_PROXY = "1";
    expect(
      requestCountry(headers({ "x-forwarded-for": "5.160.0.1, 88.255.0.1" }), { lookup: lookupCountry, socketAddress: "10.0.0.1" }),
    ).toBe("TR");
  });

  it("says unknown for private and loopback addresses, and when there is no address", () => {
    process.env.TRUST_PROXY = "1";
    expect(requestCountry(headers({ "x-forwarded-for": "127.0.0.1" }), { lookup: lookupCountry })).toBeNull();
    expect(requestCountry(headers({ "x-forwarded-for": "192.168.1.4" }), { lookup: lookupCountry })).toBeNull();
    expect(requestCountry(headers({}), { lookup: lookupCountry })).toBeNull();
  });

  it("does not take the country from X-Forwarded-For without TRUST_PROXY, nor from its forged leftmost entry behind one", () => {
    delete process.env.TRUST_PROXY;
    expect(requestCountry(headers({ "x-forwarded-for": "88.255.0.1" }), { lookup: lookupCountry })).toBeNull();
    expect(requestCountry(headers({ "x-forwarded-for": "88.255.0.1" }), { lookup: lookupCountry, socketAddress: "5.160.0.1" })).toBe("IR");
    process.env.TRUST_PROXY = "1";
    // The proxy appended the real client (Iran); the client wrote Türkiye on the left.
    expect(requestCountry(headers({ "x-forwarded-for": "88.255.0.1, 5.160.0.1" }), { lookup: lookupCountry })).toBe("IR");
  });

  it("believes the country header only when it is configured as trusted", () => {
    process.env.TRUST_PROXY = "1";
    const h = headers({ "cf-ipcountry": "TR", "x-forwarded-for": "5.160.0.1" });
    expect(requestCountry(h, { lookup: lookupCountry })).toBe("IR");
    expect(requestCountry(h, { lookup: lookupCountry, trustedHeader: "CF-IPCountry" })).toBe("TR");
    expect(
      requestCountry(headers({ "cf-ipcountry": "XX", "x-forwarded-for": "5.160.0.1" }), {
        lookup: lookupCountry,
        trustedHeader: "CF-IPCountry",
      }),
    ).toBe("IR");
  });

  it("where no socket is known (proxy.ts, the page cache), takes the address the production server stamped", () => {
    delete process.env.TRUST_PROXY;
    // A direct visitor from Iran who writes Türkiye in every header it can.
    const req = {
      headers: { "x-forwarded-for": "88.255.0.1", "x-real-ip": "88.255.0.1", [CLIENT_ADDRESS_HEADER]: "88.255.0.1" } as Record<
        string,
        string | string[] | undefined
      >,
      socket: { remoteAddress: "::ffff:5.160.0.1" },
    };
    stampClientAddress(req);
    expect(req.headers[CLIENT_ADDRESS_HEADER]).toBe("5.160.0.1");
    const seen = headers(req.headers as Record<string, string>);
    expect(requestCountry(seen, { lookup: lookupCountry })).toBe("IR");
    // Behind one proxy: the entry it appended, not the forged one on the left.
    process.env.TRUST_PROXY = "1";
    const proxied = {
      headers: { "x-forwarded-for": ["88.255.0.1", "5.160.0.1"] } as Record<string, string | string[] | undefined>,
      socket: { remoteAddress: "10.0.0.2" },
    };
    stampClientAddress(proxied);
    expect(proxied.headers[CLIENT_ADDRESS_HEADER]).toBe("5.160.0.1");
    // Without a socket address the stamp goes: no address, rather than one the client wrote.
    delete process.env.TRUST_PROXY;
    const unknown = { headers: { [CLIENT_ADDRESS_HEADER]: "88.255.0.1" } as Record<string, string | string[] | undefined>, socket: {} };
    stampClientAddress(unknown);
    expect(unknown.headers[CLIENT_ADDRESS_HEADER]).toBeUndefined();
  });

  it("clientAddress unwraps IPv4-mapped IPv6", () => {
    delete process.env.TRUST_PROXY;
    expect(clientAddress(headers({}), "::ffff:9.9.9.9", proxyTrust())).toBe("9.9.9.9");
  });
});

describe("clientAddress", () => {
  const forged = (chain: string) => headers({ "x-forwarded-for": chain, "x-real-ip": "6.6.6.6" });

  it("without trusted proxies is the socket's peer: X-Forwarded-For and X-Real-IP are ignored", () => {
    const none = parseTrustProxy(undefined);
    expect(clientAddress(forged("1.1.1.1"), "203.0.113.9", none)).toBe("203.0.113.9");
    expect(clientAddress(forged("1.1.1.1"), null, none)).toBeNull();
    expect(parseTrustProxy("false")).toEqual(none);
    expect(parseTrustProxy("0")).toEqual(none);
  });

  it("behind one hop is the rightmost entry, whatever the client wrote on its left", () => {
    const one = parseTrustProxy("1");
    expect(clientAddress(forged("1.1.1.1, 2.2.2.2, 203.0.113.9"), "10.0.0.2", one)).toBe("203.0.113.9");
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.9" }), "10.0.0.2", one)).toBe("203.0.113.9");
    // Two header lines are one list.
    const twoLines = new Headers([
      ["x-forwarded-for", "1.1.1.1"],
      ["x-forwarded-for", "203.0.113.9"],
    ]);
    expect(clientAddress(twoLines, "10.0.0.2", one)).toBe("203.0.113.9");
    // Where the socket is not known (Next.js's proxy), the request came through the proxy.
    expect(clientAddress(forged("1.1.1.1, 203.0.113.9"), null, one)).toBe("203.0.113.9");
  });

  it("behind two hops is the second entry from the right", () => {
    const two = parseTrustProxy("2");
    expect(clientAddress(forged("1.1.1.1, 2.2.2.2, 203.0.113.9, 198.51.100.7"), "10.0.0.2", two)).toBe("203.0.113.9");
    expect(clientAddress(forged("1.1.1.1, 203.0.113.9, 198.51.100.7"), null, two)).toBe("203.0.113.9");
  });

  it("with a list of proxies skips exactly those, from the right", () => {
    const listed = parseTrustProxy("10.0.0.0/8, 198.51.100.7");
    expect(clientAddress(forged("1.1.1.1, 203.0.113.9, 198.51.100.7"), "10.0.0.2", listed)).toBe("203.0.113.9");
    // A client reaching the server directly is not a listed proxy: its own header is not read.
    expect(clientAddress(forged("1.1.1.1"), "203.0.113.9", listed)).toBe("203.0.113.9");
    // A forged entry naming a listed proxy sits left of the real client, so it is never reached.
    expect(clientAddress(forged("10.1.1.1, 203.0.113.9"), "10.0.0.2", listed)).toBe("203.0.113.9");
    const named = parseTrustProxy("loopback,private");
    expect(clientAddress(forged("1.1.1.1, 203.0.113.9, 172.18.0.3"), "::1", named)).toBe("203.0.113.9");
    const v6 = parseTrustProxy("2001:db8::/32");
    expect(clientAddress(forged("1.1.1.1, 2001:db9::5"), "2001:db8:1::1", v6)).toBe("2001:db9::5");
  });

  it("reads X-Real-IP only from a trusted proxy, and only without X-Forwarded-For", () => {
    const one = parseTrustProxy("1");
    expect(clientAddress(headers({ "x-real-ip": "203.0.113.9" }), "10.0.0.2", one)).toBe("203.0.113.9");
    expect(clientAddress(headers({ "x-real-ip": "203.0.113.9" }), "10.0.0.2", parseTrustProxy(undefined))).toBe("10.0.0.2");
    expect(clientAddress(headers({ "x-real-ip": "203.0.113.9" }), "198.51.100.1", parseTrustProxy("10.0.0.0/8"))).toBe("198.51.100.1");
  });

  it("when every hop is a trusted proxy, answers the furthest one", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "10.0.0.5" }), "10.0.0.2", parseTrustProxy("3"))).toBe("10.0.0.5");
    expect(clientAddress(headers({}), "10.0.0.2", parseTrustProxy("1"))).toBe("10.0.0.2");
  });

  it("unwraps ports, brackets and IPv4-mapped IPv6 that proxies write", () => {
    const one = parseTrustProxy("1");
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.9:51234" }), "10.0.0.2", one)).toBe("203.0.113.9");
    expect(clientAddress(headers({ "x-forwarded-for": "[2001:db8::1]:443" }), "10.0.0.2", one)).toBe("2001:db8::1");
    expect(clientAddress(headers({ "x-forwarded-for": "::FFFF:203.0.113.9" }), "10.0.0.2", one)).toBe("203.0.113.9");
    expect(clientAddress(headers({}), "::ffff:10.0.0.2", parseTrustProxy("10.0.0.0/8"))).toBe("10.0.0.2");
  });

  it("refuses TRUST_PROXY=true and values it cannot read, saying what to write", () => {
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY=1/);
    expect(() => parseTrustProxy("yes")).toThrow(/not a number of proxy hops/);
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("300.1.1.1")).toThrow(/TRUST_PROXY/);
  });
});

describe("addressBucket", () => {
  it("counts an IPv4 address alone and an IPv6 address by its /64", () => {
    expect(addressBucket("203.0.113.9")).toBe("203.0.113.9");
    expect(addressBucket("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressBucket("unknown")).toBe("unknown");
  });
});
