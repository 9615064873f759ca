import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect } from "vitest";
import { loginFailures, otpSends, sessions, users } from "@/server/db/schema";
import { OTP_MAX_PER_IP_PER_HOUR } from "@/server/auth/otp";
import { LOGIN_FAILURES_PER_IP } from "@/server/auth/login-throttle";
import { validRegistration, type Json } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";

/**
 * Behind a reverse proxy the client's address is read from the right of X-Forwarded-For, as far as
 * TRUST_PROXY's hops or listed proxies go (issue 13, item 3): entries the client writes on the left
 * never reach rate limits, sessions or the country.
 */
describe("the client's address behind proxies", { timeout: 60_000 }, () => {
  // The socket's peer: the nearest proxy (or the client itself when there is none).
  const PROXY = "10.0.0.2";
  let peer = PROXY;
  let forgeries = 0;
  const configured = process.env.TRUST_PROXY;

  afterEach(() => {
    if (configured === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = configured;
  });

  /** A fresh forged address on the left of every request, as an attacker would write. */
  const forged = () => `198.18.${Math.floor(++forgeries / 250) % 250}.${(forgeries % 250) + 1}`;

  // Every request comes from the socket's peer, `peer` (the client's address the app sees), set back
  // to the proxy before each test; a test moves it.
  const it = apiTest
    .extend("post", ({ app }) => async (path: string, body: unknown, forwardedFor?: string) => {
      const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json", "X-Locale": "en-US" };
      if (forwardedFor !== undefined) headers["x-forwarded-for"] = forwardedFor;
      const response = await app.fetch(
        new Request(`http://localhost/api/${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
      );
      return { status: response.status, body: (await response.json()) as Json };
    })
    .extend(
      "register",
      ({ post }) =>
        (i: number, forwardedFor?: string) =>
          post(
            "auth/register",
            { ...validRegistration, phone: `0912${String(i).padStart(7, "0")}`, email: `c${i}@example.com` },
            forwardedFor,
          ),
    )
    .extend(
      "info",
      ({ app }) =>
        async (headers: Record<string, string>) =>
          ((await (await app.request("/api/ip/info", { headers })).json()) as Json).data.country_code as string | null,
    )
    .override("client", () => {
      peer = PROXY;
      return {
        get address() {
          return peer;
        },
      };
    });

  for (const setup of [
    { trust: "1", chain: (client: string) => `${forged()}, ${forged()}, ${client}` },
    { trust: "2", chain: (client: string) => `${forged()}, ${client}, 172.20.0.5` },
    { trust: "10.0.0.0/8, 172.20.0.5", chain: (client: string) => `${forged()}, 10.9.9.9, ${client}, 172.20.0.5` },
  ]) {
    describe(`TRUST_PROXY=${setup.trust}`, () => {
      beforeEach(() => {
        process.env.TRUST_PROXY = setup.trust;
      });

      it(`refuses the ${OTP_MAX_PER_IP_PER_HOUR + 1}st code from one real client whatever it writes on the left; another client is counted apart`, async ({
        database,
        register,
      }) => {
        for (let i = 0; i < OTP_MAX_PER_IP_PER_HOUR; i++) expect((await register(i, setup.chain("203.0.113.9"))).status).toBe(200);
        const refused = await register(OTP_MAX_PER_IP_PER_HOUR, setup.chain("203.0.113.9"));
        expect(refused.status).toBe(429);
        expect(refused.body.error?.code).toBe("otp_limit");
        // The limit is the client's, not the proxy's: someone else behind the same proxy still gets a code.
        expect((await register(OTP_MAX_PER_IP_PER_HOUR + 1, setup.chain("203.0.113.10"))).status).toBe(200);
        const sends = await database.db.select().from(otpSends);
        expect(new Set(sends.map((send) => send.ip))).toEqual(new Set(["203.0.113.9", "203.0.113.10"]));
      });
    });
  }

  it(`behind one hop, checks at most ${LOGIN_FAILURES_PER_IP} passwords from one real client whatever it writes on the left`, async ({
    database,
    post,
  }) => {
    process.env.TRUST_PROXY = "1";
    const results = [];
    for (let i = 0; i <= LOGIN_FAILURES_PER_IP; i++)
      results.push(
        await post("auth/login", { credential: `0935${String(i).padStart(7, "0")}`, password: "wrong" }, `${forged()}, 203.0.113.9`),
      );
    expect(results.slice(0, LOGIN_FAILURES_PER_IP).every((r) => r.status === 401)).toBe(true);
    expect(results.at(-1)!.status).toBe(429);
    expect(results.at(-1)!.body.error?.code).toBe("rate_limited");
    const failures = await database.db.select().from(loginFailures);
    expect(failures.every((failure) => failure.ip === "203.0.113.9")).toBe(true);
  });

  it("without TRUST_PROXY ignores X-Forwarded-For and X-Real-IP: the socket's peer is the client", async ({ database, register }) => {
    delete process.env.TRUST_PROXY;
    peer = "203.0.113.20";
    for (let i = 0; i < OTP_MAX_PER_IP_PER_HOUR; i++) expect((await register(i, forged())).status).toBe(200);
    expect((await register(OTP_MAX_PER_IP_PER_HOUR, forged())).status).toBe(429);
    const sends = await database.db.select().from(otpSends);
    expect(sends.every((send) => send.ip === "203.0.113.20")).toBe(true);
  });

  it("counts an IPv6 client by its /64: fresh addresses from one network share the limit", async ({ post, register }) => {
    delete process.env.TRUST_PROXY;
    for (let i = 0; i < OTP_MAX_PER_IP_PER_HOUR; i++) {
      peer = `2001:db8:7:1::${(i + 1).toString(16)}`;
      expect((await register(i)).status).toBe(200);
    }
    peer = "2001:db8:7:1:ffff::99";
    expect((await register(OTP_MAX_PER_IP_PER_HOUR)).status).toBe(429);
    peer = "2001:db8:7:2::1";
    expect((await register(OTP_MAX_PER_IP_PER_HOUR + 1)).status).toBe(200);
    for (let i = 0; i < LOGIN_FAILURES_PER_IP; i++) {
      peer = `2001:db8:8:1::${(i + 1).toString(16)}`;
      expect((await post("auth/login", { credential: `0936${String(i).padStart(7, "0")}`, password: "wrong" })).status).toBe(401);
    }
    peer = "2001:db8:8:1::ffff";
    expect((await post("auth/login", { credential: "09369999999", password: "wrong" })).status).toBe(429);
  });

  it("records the real client's address on the session, not the forged one", async ({ database, sms, post, register }) => {
    process.env.TRUST_PROXY = "1";
    const started = await register(1, `${forged()}, 203.0.113.30`);
    const verified = await post(
      "auth/otp/verify",
      { token: started.body.data.otp.token, code: sms.lastCode("+989120000001") },
      `${forged()}, 203.0.113.30`,
    );
    expect(verified.status).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.phone, "+989120000001"));
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session!.ip).toBe("203.0.113.30");
  });

  describe("GET /api/ip/info", () => {
    it("finds the country of the real client behind one and two hops, not of the forged leftmost entry", async ({ info }) => {
      process.env.TRUST_PROXY = "1";
      expect(await info({ "x-forwarded-for": "88.255.0.1, 5.160.0.1" })).toBe("IR");
      expect(await info({ "x-forwarded-for": "5.160.0.1, 88.255.0.1" })).toBe("TR");
      expect(await info({ "x-real-ip": "5.160.0.1" })).toBe("IR");
      process.env.TRUST_PROXY = "2";
      expect(await info({ "x-forwarded-for": "88.255.0.1, 5.160.0.1, 172.20.0.5" })).toBe("IR");
    });

    it("without TRUST_PROXY takes the socket's peer, never the headers", async ({ info }) => {
      delete process.env.TRUST_PROXY;
      peer = "5.160.0.1";
      expect(await info({ "x-forwarded-for": "88.255.0.1", "x-real-ip": "88.255.0.1" })).toBe("IR");
      peer = "10.1.2.3";
      expect(await info({ "x-forwarded-for": "88.255.0.1" })).toBeNull();
    });
  });
});
