import { expect, type Browser, type BrowserContext, type Cookie } from "@playwright/test";
import { DEVICE_COOKIE } from "../../../lib/auth/cookies";
import { kavenegarUrl, lastCode } from "./accounts";

/** The admin playwright.config.ts has the server create (ADMIN_PHONE / ADMIN_PASSWORD). */
export const ADMIN_PHONE = "09100000001";
export const ADMIN_PASSWORD = "Admin-Pass-2026!e2e";

// The admin's phone may receive 5 codes an hour (SPEC's limit, which the server enforces): the
// first sign-in trusts its browser, and later ones in this worker present that device cookie instead.
let trustedDevice: Cookie | null = null;

/**
 * A browser context signed in as the admin: login, then the code texted to the admin's phone (a
 * code from an earlier sign-in is never mistaken for the new one) unless an earlier sign-in here
 * trusted the device. Its pages share the session cookies.
 */
export async function adminContext(browser: Browser, baseURL: string, options: { locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  if (trustedDevice) await context.addCookies([trustedDevice]);
  const headers = {
    "X-Locale": options.locale ?? "en-US",
    "x-forwarded-for": `10.98.${Date.now() % 250}.${Math.floor(Date.now() / 256) % 250}`,
  };
  const before = (await (await context.request.get(`${kavenegarUrl}/__messages?receptor=${ADMIN_PHONE}`)).json()) as {
    messages: { token: string }[];
  };
  const login = await context.request.post("/api/auth/login", { headers, data: { credential: ADMIN_PHONE, password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const body = (await login.json()) as { data: { otp?: { token: string } } };
  if (body.data.otp) {
    const code = await lastCode(context.request, ADMIN_PHONE, before.messages.at(-1)?.token);
    const verified = await context.request.post("/api/auth/otp/verify", {
      headers,
      data: { token: body.data.otp.token, code, trust_device: true },
    });
    expect(verified.status()).toBe(200);
    trustedDevice = (await context.cookies()).find((cookie) => cookie.name === DEVICE_COOKIE) ?? null;
  }
  return context;
}
