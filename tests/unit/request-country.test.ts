import { describe, expect, it } from "vitest";
import { clientIp, requestCountry } from "@/lib/geo/request-country";
import { lookupCountry } from "@/server/adapters/geoip";

const headers = (values: Record<string, string>) => new Headers(values);

describe("requestCountry with the shipped GeoIP database", () => {
  it("finds Iran and Türkiye from addresses", () => {
    expect(requestCountry(headers({ "x-forwarded-for": "5.160.0.1" }), { lookup: lookupCountry })).toBe("IR");
    expect(requestCountry(headers({ "x-forwarded-for": "88.255.0.1, 10.0.0.1" }), { lookup: lookupCountry })).toBe("TR");
  });

  it("says unknown for private and loopback addresses", () => {
    expect(requestCountry(headers({ "x-forwarded-for": "127.0.0.1" }), { lookup: lookupCountry })).toBeNull();
    expect(requestCountry(headers({ "x-forwarded-for": "192.168.1.4" }), { lookup: lookupCountry })).toBeNull();
    expect(requestCountry(headers({}), { lookup: lookupCountry })).toBeNull();
  });

  it("believes the country header only when it is configured as trusted", () => {
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

  it("reads the first forwarded address and unwraps IPv4-mapped IPv6", () => {
    expect(clientIp(headers({ "x-forwarded-for": " 1.2.3.4 , 5.6.7.8" }))).toBe("1.2.3.4");
    expect(clientIp(headers({}), "::ffff:9.9.9.9")).toBe("9.9.9.9");
  });
});
