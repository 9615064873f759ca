import { expect } from "vitest";
import type { createApp } from "@/server/app";
import type { recordingSms } from "@/tests/api/support/helpers";
import type { Db } from "@/server/db";
import { eq } from "drizzle-orm";
import { sessions, users } from "@/server/db/schema";
import { hashPassword } from "@/server/auth/crypto";
import { expectContract } from "@/tests/api/support/contract";
import { recordProvoked } from "@/tests/api/support/provoked";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
export type Json = { data?: any; meta?: any; error?: { code: string; message: string; fields?: Record<string, string> } };

/**
 * A caller of the app as a browser or API client would be, from one IP address. Every JSON success
 * it receives is held to its route's documented schema (contract.ts): a mismatch fails the call.
 */
export function caller(app: () => ReturnType<typeof createApp>, ip: () => string) {
  return async function call(
    path: string,
    body: unknown,
    options: { locale?: string; cookie?: string; method?: string; token?: string; form?: FormData; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { "x-test-ip": ip(), "X-Locale": options.locale ?? "en-US", accept: "application/json" };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const method = options.method ?? (body === undefined && !options.form ? "POST" : options.form ? "POST" : "POST");
    const init: RequestInit = { method, headers };
    if (options.form) init.body = options.form;
    else if (body !== undefined && method !== "GET") {
      headers["content-type"] = "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    Object.assign(headers, options.headers);
    const request = new Request(`http://localhost/api/${path}`, init);
    const response = await app().fetch(request);
    const type = response.headers.get("content-type") ?? "";
    const parsed = type.includes("json") ? ((await response.json()) as Json) : ({} as Json);
    const error = parsed.error;
    recordProvoked({
      method,
      path: new URL(request.url).pathname,
      status: response.status,
      code: error?.code,
      fields: error && Object.keys(error.fields ?? {}),
    });
    if (type.includes("json")) expectContract(app(), method, new URL(request.url).pathname, response.status, parsed);
    return { status: response.status, body: parsed, cookies: response.headers.getSetCookie(), response };
  };
}

export const validRegistration = {
  first_name: "Sara",
  last_name: "Ahmadi",
  phone: "09121234567",
  email: "sara@example.com",
  password: "Takapoo-Rial-2026!x",
  password_confirmation: "Takapoo-Rial-2026!x",
  terms: true,
};

/** Registers and verifies a user; answers the session (access token in body). */
export async function registerAndSignIn(
  call: ReturnType<typeof caller>,
  sms: ReturnType<typeof recordingSms>,
  overrides: Partial<typeof validRegistration> & { invitation_code?: string } = {},
) {
  const started = await call("auth/register", { ...validRegistration, ...overrides });
  expect(started.status).toBe(200);
  const phone = sms.sent.at(-1)!.phone;
  const verified = await call("auth/otp/verify", { token: started.body.data.otp.token, code: sms.lastCode(phone) });
  expect(verified.status).toBe(200);
  return { token: verified.body.data.access_token as string, user: verified.body.data.user as { id: string }, phone };
}

/** An admin account made in the database, signed in through login and the texted code; its access token. */
export async function signInAdmin(
  database: { db: Db },
  call: ReturnType<typeof caller>,
  sms: ReturnType<typeof recordingSms>,
  phone09 = "09100000077",
): Promise<string> {
  const e164 = `+98${phone09.slice(1)}`;
  await database.db.insert(users).values({
    firstName: "A",
    phone: e164,
    phoneVerifiedAt: new Date(),
    passwordHash: await hashPassword("Admin-Pass-2026!"),
    role: "admin",
  });
  const login = await call("auth/login", { credential: phone09, password: "Admin-Pass-2026!" });
  const verified = await call("auth/otp/verify", { token: login.body.data.otp.token, code: sms.lastCode(e164) });
  return verified.body.data.access_token as string;
}

/** Closes two people's sessions the two ways a session ends: `loggedOut` logs out, `expired`'s session runs out. */
export async function closeSessions(
  call: ReturnType<typeof caller>,
  db: Db,
  people: { loggedOut: { token: string }; expired: { user: { id: string } } },
): Promise<void> {
  expect((await call("auth/logout", {}, { token: people.loggedOut.token })).status).toBe(200);
  await db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.userId, people.expired.user.id));
}
