import { createRequire } from "node:module";
import type { CountryLookup } from "@/lib/geo/request-country";
import { env } from "@/server/core/env";

type GeoipCountry = { lookup(ip: string): { country?: string } | null };

// geoip-country ships MaxMind's GeoLite2 country data inside the npm package: nothing is
// downloaded at run time. It reads its data files relative to its own folder, so it is loaded with
// Node's require rather than bundled.
let geoip: GeoipCountry | undefined;

function load(): GeoipCountry {
  if (!geoip) {
    const require = createRequire(import.meta.url);
    geoip = require("geoip-country") as GeoipCountry;
  }
  return geoip;
}

export const lookupCountry: CountryLookup = (ip) => {
  try {
    return load().lookup(ip)?.country ?? null;
  } catch {
    return null;
  }
};

/** The header a trusted reverse proxy puts the country in, when configured. */
export function trustedCountryHeader(): string | null {
  return env.TRUST_PROXY_COUNTRY_HEADER;
}
