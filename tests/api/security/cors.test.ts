import { afterEach, describe, expect } from "vitest";
import { apiTest } from "@/tests/api/support/fixture";
import { testApp } from "@/tests/api/support/helpers";
import { signedInUser } from "./signed-in";

/**
 * CORS, decided on purpose: same origin by default (no Access-Control-Allow-Origin for anyone);
 * the split deployment names the web app's origins in CORS_ALLOWED_ORIGINS, which alone get CORS
 * headers, with credentials, and Vary: Origin.
 */

const saved = process.env.CORS_ALLOWED_ORIGINS;

afterEach(() => {
  if (saved === undefined) delete process.env.CORS_ALLOWED_ORIGINS;
  else process.env.CORS_ALLOWED_ORIGINS = saved;
});

const WEB = "https://www.takapoo.example";
const EVIL = "https://evil.example";

const it = apiTest
  .extend(
    "preflight",
    ({ app }) =>
      (path: string, origin: string, method = "DELETE") =>
        app.request(`http://localhost/api/${path}`, {
          method: "OPTIONS",
          headers: {
            origin,
            "access-control-request-method": method,
            "access-control-request-headers": "authorization,content-type,idempotency-key,x-locale",
          },
        }),
  )
  // No socket address, as the app was made before (the API under next dev knows none).
  .override("appDeps", { socketAddress: () => null });

const corsHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name.startsWith("access-control-") || name === "vary"));

describe("by default (CORS_ALLOWED_ORIGINS unset): same origin only", () => {
  it("sends no CORS header to any origin, on answers and on errors", async ({ app }) => {
    delete process.env.CORS_ALLOWED_ORIGINS;
    for (const origin of [EVIL, "http://localhost", "null"]) {
      expect(corsHeaders(await app.request("/api/health", { headers: { origin } }))).toEqual({});
      expect(corsHeaders(await app.request("/api/me", { headers: { origin } }))).toEqual({});
    }
  });

  it("answers a preflight on a known path 204 with Allow and nothing a browser would take as permission", async ({ preflight }) => {
    delete process.env.CORS_ALLOWED_ORIGINS;
    const response = await preflight("me/sessions/0b6f3d4e-8f1a-4c2b-9d3e-5a6b7c8d9e0f", EVIL);
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("DELETE, OPTIONS");
    expect(corsHeaders(response)).toEqual({});
    const login = await preflight("auth/login", EVIL, "POST");
    expect(login.status).toBe(204);
    expect(login.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("answers OPTIONS on an unknown path 404", async ({ preflight }) => {
    const response = await preflight("no/such/route", EVIL);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("route_not_found");
  });
});

describe("with CORS_ALLOWED_ORIGINS (split deployment)", () => {
  it("allows exactly the named origins, with credentials, and varies on Origin", async ({ app, database }) => {
    process.env.CORS_ALLOWED_ORIGINS = `${WEB}, https://admin.takapoo.example`;
    const response = await app.request("/api/health", { headers: { origin: WEB } });
    expect(response.headers.get("access-control-allow-origin")).toBe(WEB);
    expect(response.headers.get("access-control-allow-credentials")).toBe("true");
    expect(response.headers.get("access-control-expose-headers")).toContain("X-Request-Id");
    expect(response.headers.get("vary")).toMatch(/\bOrigin\b/);
    const user = await signedInUser(database.db);
    const me = await app.request("/api/me", { headers: { origin: WEB, authorization: `Bearer ${user.accessToken}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get("access-control-allow-origin")).toBe(WEB);
    // Errors too, so that the web app can read their message.
    const anonymous = await app.request("/api/me", { headers: { origin: WEB } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("access-control-allow-origin")).toBe(WEB);
  });

  it("answers an allowed origin's preflight with the methods and headers the web client uses", async ({ preflight }) => {
    process.env.CORS_ALLOWED_ORIGINS = WEB;
    const response = await preflight("me/sessions/0b6f3d4e-8f1a-4c2b-9d3e-5a6b7c8d9e0f", WEB);
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(WEB);
    expect(response.headers.get("access-control-allow-credentials")).toBe("true");
    expect(response.headers.get("access-control-allow-methods")?.split(", ")).toEqual(
      expect.arrayContaining(["DELETE", "PATCH", "PUT", "POST"]),
    );
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase().split(", ")).toEqual(
      expect.arrayContaining(["authorization", "content-type", "idempotency-key", "x-locale"]),
    );
    expect(response.headers.get("access-control-max-age")).toBe("600");
  });

  it("gives any other origin no CORS header (look-alikes, other schemes and ports, opaque origins)", async ({ app, preflight }) => {
    process.env.CORS_ALLOWED_ORIGINS = WEB;
    for (const origin of [EVIL, `${WEB}.evil.example`, "http://www.takapoo.example", `${WEB}:8443`, "https://takapoo.example", "null"]) {
      for (const response of [await app.request("/api/health", { headers: { origin } }), await preflight("auth/login", origin, "POST")]) {
        expect(response.headers.get("access-control-allow-origin"), origin).toBeNull();
        expect(response.headers.get("access-control-allow-credentials"), origin).toBeNull();
        expect(response.headers.get("vary"), origin).toMatch(/\bOrigin\b/);
      }
    }
  });

  it("refuses a value that is not a list of origins when the app is made", ({ database }) => {
    for (const value of ["*", "https://www.takapoo.example/app", "www.takapoo.example", "https://*.takapoo.example"]) {
      process.env.CORS_ALLOWED_ORIGINS = value;
      expect(() => testApp(database), value).toThrow(/CORS_ALLOWED_ORIGINS/);
    }
    process.env.CORS_ALLOWED_ORIGINS = "https://www.takapoo.example/, http://localhost:3000";
    expect(() => testApp(database)).not.toThrow();
  });
});
