import { describe, expect } from "vitest";
import { SESSION_HINT_COOKIE } from "@/lib/auth/cookies";
import { validRegistration } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";

// The public header (stores/account.ts) shows "Dashboard" from a cookie the page's script can read;
// the session itself stays in httpOnly cookies.

const it = apiTest.override("client", () => ({ address: "10.7.0.1" }));

const line = (cookies: string[], name: string) => cookies.find((cookie) => cookie.startsWith(`${name}=`));

describe("session hint cookie", () => {
  it("comes with every session, readable by scripts, and goes with it; the session cookies stay httpOnly", async ({ sms, call }) => {
    const started = await call("auth/register", validRegistration);
    const verified = await call("auth/otp/verify", { token: started.body.data.otp.token, code: sms.lastCode(sms.sent.at(-1)!.phone) });
    expect(verified.status).toBe(200);
    const hint = line(verified.cookies, SESSION_HINT_COOKIE);
    expect(hint).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Path=\//);
    expect(line(verified.cookies, "tk_refresh")).toMatch(/HttpOnly/);
    expect(line(verified.cookies, "tk_access")).toMatch(/HttpOnly/);

    const refresh = line(verified.cookies, "tk_refresh")!.split(";")[0]!;
    const rotated = await call("auth/refresh", undefined, { cookie: refresh });
    expect(rotated.status).toBe(200);
    expect(line(rotated.cookies, SESSION_HINT_COOKIE)).toMatch(/=1;/);

    const out = await call("auth/logout", undefined, { cookie: line(rotated.cookies, "tk_refresh")!.split(";")[0]! });
    expect(out.status).toBe(200);
    expect(line(out.cookies, SESSION_HINT_COOKIE)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it("is cleared when a refresh fails, so the header stops offering the dashboard", async ({ call }) => {
    const failed = await call("auth/refresh", undefined, { cookie: "tk_refresh=not-a-token" });
    expect(failed.status).toBe(401);
    expect(line(failed.cookies, SESSION_HINT_COOKIE)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });
});
