/**
 * What the account API tests (accounts-*.test.ts) share: the fixture, a new address for every test,
 * the cookie jar of a browser, and a registered, verified user.
 */
import { expect } from "vitest";
import { apiTest } from "@/tests/api/support/fixture";

/** A new address for every test; `registerUser(overrides)` a registered, verified user on a trusted device. */
export const it = apiTest
  .extend("registerUser", ({ call, sms }) => async (overrides: Partial<typeof valid> = {}) => {
    const input = { ...valid, ...overrides };
    const started = await call("auth/register", input);
    expect(started.status).toBe(200);
    const phone = started.body.data.otp.phone as string;
    const e164 = sms.sent.at(-1)!.phone;
    const verified = await call("auth/otp/verify", { token: started.body.data.otp.token, code: sms.lastCode(e164), trust_device: true });
    expect(verified.status).toBe(200);
    return { ...verified, phone, e164, jar: cookieJar(verified.cookies) };
  })
  .override("client", ({ serial }) => ({ address: `10.0.${Math.floor(serial / 250)}.${serial % 250}` }));

/** The cookie header a browser would send back after these Set-Cookie lines. */
export function cookieJar(setCookies: string[], jar: Record<string, string> = {}) {
  for (const line of setCookies) {
    const [pair] = line.split(";");
    const [name, ...value] = pair!.split("=");
    const v = value.join("=");
    if (/Max-Age=0/i.test(line) || v === "") delete jar[name!.trim()];
    else jar[name!.trim()] = v;
  }
  return jar;
}
export const header = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");

export const valid = {
  first_name: "Sara",
  last_name: "Ahmadi",
  phone: "۰۹۱۲۱۲۳۴۵۶۷",
  email: "Sara@Example.com",
  password: "Takapoo-Rial-2026!x",
  password_confirmation: "Takapoo-Rial-2026!x",
  terms: true,
};
