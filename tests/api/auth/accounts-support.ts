/**
 * What the account API tests (accounts-*.test.ts) share: the fixture, a caller from a new address for
 * every test, the cookie jar of a browser, and a registered, verified user.
 */
import { expect } from "vitest";
import type { Database } from "@/server/db/client";
import { apiTestWith } from "@/tests/api/support/fixture";
import { jsonRequest, recordingSms, testApp } from "@/tests/api/support/helpers";

export let database: Database;
export let sms: ReturnType<typeof recordingSms>;
let app: ReturnType<typeof testApp>;
let ipCounter = 0;
let ip = "10.0.0.1";

export const it = apiTestWith((api) => {
  ({ database, sms } = api);
  app = api.app({ socketAddress: (request) => request.headers.get("x-test-ip") });
  ip = `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
type Json = { data?: any; error?: { code: string; message: string; fields?: Record<string, string> } };

export async function call(
  path: string,
  body: unknown,
  options: { locale?: string; cookie?: string; method?: string; token?: string } = {},
) {
  const headers: Record<string, string> = { "x-test-ip": ip, "X-Locale": options.locale ?? "en-US" };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request =
    body === undefined
      ? new Request(`http://localhost/api/${path}`, { method: "POST", headers })
      : options.method === "GET"
        ? new Request(`http://localhost/api/${path}`, { headers })
        : options.method
          ? new Request(`http://localhost/api/${path}`, {
              method: options.method,
              headers: { ...headers, "content-type": "application/json" },
              body: JSON.stringify(body),
            })
          : jsonRequest(path, body, headers);
  const response = await app.fetch(request);
  return { status: response.status, body: (await response.json()) as Json, cookies: response.headers.getSetCookie() };
}

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

export async function registerUser(overrides: Partial<typeof valid> = {}) {
  const input = { ...valid, ...overrides };
  const started = await call("auth/register", input);
  expect(started.status).toBe(200);
  const phone = started.body.data.otp.phone as string;
  const e164 = sms.sent.at(-1)!.phone;
  const verified = await call("auth/otp/verify", { token: started.body.data.otp.token, code: sms.lastCode(e164), trust_device: true });
  expect(verified.status).toBe(200);
  return { ...verified, phone, e164, jar: cookieJar(verified.cookies) };
}

/** The running test calls from `address` from now on. */
export function callFrom(address: string): void {
  ip = address;
}

/** Gives the running test another app (e.g. one whose SMS provider fails). */
export function replaceApp(next: ReturnType<typeof testApp>): void {
  app = next;
}
