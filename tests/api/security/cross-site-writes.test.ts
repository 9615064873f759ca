import { eq } from "drizzle-orm";
import { afterEach, describe, expect } from "vitest";
import { campaigns, sessions, transactions, users } from "@/server/db/schema";
import { balancesOf } from "@/server/ledger";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import { fundWallet, smartCampaign } from "@/tests/api/support/campaign-fixtures";
import { apiTest } from "@/tests/api/support/fixture";
import { newSession, signedInUser, type SignedIn } from "./signed-in";

/**
 * Cookie-authenticated writes sent by another site's page (CSRF): SameSite=Lax keeps the cookies off
 * most cross-site requests, but not off a same-site page on another origin (a sibling subdomain,
 * another port), nor in browsers that treat cookies as None. The API checks where a write comes
 * from itself (server/http/same-origin.ts).
 */

const APP = "http://localhost";
const EVIL = "https://evil.example";
const SAVED_ENV = { SITE_URL: process.env.SITE_URL, TRUST_PROXY: process.env.TRUST_PROXY, CORS: process.env.CORS_ALLOWED_ORIGINS };

afterEach(() => {
  const restore = (name: string, value: string | undefined) =>
    value === undefined ? delete process.env[name] : (process.env[name] = value);
  restore("SITE_URL", SAVED_ENV.SITE_URL);
  restore("TRUST_PROXY", SAVED_ENV.TRUST_PROXY);
  restore("CORS_ALLOWED_ORIGINS", SAVED_ENV.CORS);
});

type Options = {
  method?: string;
  cookie?: string;
  token?: string;
  origin?: string;
  fetchSite?: string;
  body?: unknown;
  type?: string;
  url?: string;
  headers?: Record<string, string>;
};

/** What another site's page makes the browser send: its origin, and Sec-Fetch-Site saying so. */
const crossSite = { origin: EVIL, fetchSite: "cross-site" };

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error).toMatchObject({ code: "cross_site_request", message: enUS.api.errors.cross_site_request });
}

const it = apiTest
  // A user and an admin, signed in before every test.
  .extend("people", { auto: true }, async ({ fresh }): Promise<{ user: SignedIn; admin: SignedIn }> => {
    const user = await signedInUser(fresh.db, "user");
    return { user, admin: await signedInUser(fresh.db, "admin", "Admin") };
  })
  .extend("user", ({ people }) => people.user)
  /** A request as a browser (or another client) sends it: cookies, Origin and Sec-Fetch-Site as given. */
  .extend("send", ({ app }) => (path: string, options: Options = {}) => {
    const headers: Record<string, string> = { "x-locale": "en-US", accept: "application/json", ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.origin) headers.origin = options.origin;
    if (options.fetchSite) headers["sec-fetch-site"] = options.fetchSite;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      headers["content-type"] = options.type ?? "application/json";
    }
    return app.request(`${options.url ?? APP}/api/${path}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  })
  .extend("firstName", ({ database }) => async (userId: string) => {
    const [row] = await database.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
    return row!.firstName;
  })
  .extend("sessionOpen", ({ database }) => async (sessionId: string) => {
    const [row] = await database.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, sessionId));
    return row !== undefined && row.revokedAt === null;
  })
  .extend("campaignStatus", ({ database }) => async (id: string) => {
    const [row] = await database.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id));
    return row!.status;
  })
  /** A campaign of `user` left awaiting payment at the sandbox gateway, and the wallet funded to pay it. */
  .extend("campaignAwaitingPayment", ({ database, user, send }) => async () => {
    await fundWallet(database.db, user.user.id, 50_000_000);
    const created = await send("campaigns", { token: user.accessToken, body: { ...smartCampaign, gateway: "sandbox" } });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { data: { campaign: { id: string } } }).data.campaign.id;
    const [payment] = await database.db.select().from(transactions).where(eq(transactions.campaignId, id));
    return { id, transactionId: payment!.id };
  })
  /** An approved (active) campaign of `user`, paid from the wallet. */
  .extend("activeCampaign", ({ database, people: { user, admin }, send, campaignStatus }) => async () => {
    await fundWallet(database.db, user.user.id, 50_000_000, "active");
    const created = await send("campaigns", { token: user.accessToken, body: smartCampaign });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { data: { campaign: { id: string } } }).data.campaign.id;
    expect((await send(`admin/campaigns/${id}/approve`, { token: admin.accessToken, body: {} })).status).toBe(200);
    expect(await campaignStatus(id)).toBe("active");
    return id;
  })
  // The sandbox bank on the test's database; no socket address, as the app was made before.
  .override("appDeps", ({ gateways }) => ({ gateways, socketAddress: () => null }));

describe("a cross-site form post with the session cookie", () => {
  it("in text/plain (logout) is refused and the session stays open", async ({ send, user, sessionOpen }) => {
    const response = await send("auth/logout", { ...crossSite, cookie: user.cookie, body: "x=1", type: "text/plain" });
    await expectRefused(response);
    expect(await sessionOpen(user.sessionId)).toBe(true);
    expect((await send("me", { cookie: user.cookie })).status).toBe(200);
  });

  it("in multipart/form-data (pause a campaign) is refused and the campaign keeps running", async ({
    send,
    user,
    campaignStatus,
    activeCampaign,
  }) => {
    const id = await activeCampaign();
    const form = new FormData();
    form.set("reason", "attacker");
    await expectRefused(await send(`campaigns/${id}/pause`, { ...crossSite, cookie: user.cookie, body: form }));
    expect(await campaignStatus(id)).toBe("active");
  });

  it("paying a campaign (text/plain carrying JSON, or JSON) is refused: nothing is paid, the wallet keeps its money", async ({
    database,
    send,
    user,
    campaignStatus,
    campaignAwaitingPayment,
  }) => {
    const { id, transactionId } = await campaignAwaitingPayment();
    const before = await balancesOf({ db: database.db }, { userId: user.user.id });
    const path = `campaigns/${id}/payments/${transactionId}/pay`;
    await expectRefused(await send(path, { ...crossSite, cookie: user.cookie, body: '{"gateway":"wallet"}', type: "text/plain" }));
    await expectRefused(await send(path, { ...crossSite, cookie: user.cookie, body: { gateway: "wallet" } }));
    expect(await campaignStatus(id)).toBe("awaiting_payment");
    expect(await balancesOf({ db: database.db }, { userId: user.user.id })).toEqual(before);
    // The same request from our own page goes through.
    const paid = await send(path, { origin: APP, fetchSite: "same-origin", cookie: user.cookie, body: { gateway: "wallet" } });
    expect(paid.status).toBe(200);
    expect(await campaignStatus(id)).toBe("awaiting_review");
  });

  it("the answer is translated", async ({ send, user }) => {
    const response = await send("auth/logout", {
      ...crossSite,
      cookie: user.cookie,
      body: "x=1",
      type: "text/plain",
      headers: { "x-locale": "fa-IR" },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(faIR.api.errors.cross_site_request);
  });
});

describe("other cross-site writes with the session cookie", () => {
  it("PATCH /api/me from another origin is refused; the name is unchanged", async ({ send, user, firstName }) => {
    await expectRefused(await send("me", { method: "PATCH", ...crossSite, cookie: user.cookie, body: { first_name: "Mallory" } }));
    expect(await firstName(user.user.id)).toBe("Sara");
  });

  it("DELETE of a session from another origin is refused; the session stays open", async ({ database, send, user, sessionOpen }) => {
    const other = await newSession(database.db, user.user);
    await expectRefused(await send(`me/sessions/${other.sessionId}`, { method: "DELETE", ...crossSite, cookie: user.cookie }));
    expect(await sessionOpen(other.sessionId)).toBe(true);
  });

  it("a same-site page on another origin (another port) is refused too: SameSite=Lax sends it the cookies", async ({
    send,
    user,
    firstName,
  }) => {
    const sibling = { origin: "http://localhost:8080", fetchSite: "same-site" };
    await expectRefused(await send("me", { method: "PATCH", ...sibling, cookie: user.cookie, body: { first_name: "Mallory" } }));
    await expectRefused(
      await send("me", { method: "PATCH", origin: "https://localhost", cookie: user.cookie, body: { first_name: "Mallory" } }),
    );
    expect(await firstName(user.user.id)).toBe("Sara");
  });

  it("an opaque origin (Origin: null: a sandboxed frame, a data: URL) is refused", async ({ send, user, sessionOpen }) => {
    await expectRefused(await send("auth/logout", { origin: "null", cookie: user.cookie, body: "x=1", type: "text/plain" }));
    await expectRefused(await send("auth/logout", { origin: "null", fetchSite: "cross-site", cookie: user.cookie, body: {} }));
    expect(await sessionOpen(user.sessionId)).toBe(true);
  });

  it("without Origin, Sec-Fetch-Site decides: cross-site and same-site are refused", async ({ send, user, firstName }) => {
    for (const fetchSite of ["cross-site", "same-site"])
      await expectRefused(await send("me", { method: "PATCH", fetchSite, cookie: user.cookie, body: { first_name: "Mallory" } }));
    expect(await firstName(user.user.id)).toBe("Sara");
  });

  it("sign-in from another site is refused too (login CSRF), with or without a cookie", async ({ send, user }) => {
    const credentials = { credential: user.user.phone!.replace("+98", "0"), password: user.password };
    await expectRefused(await send("auth/login", { ...crossSite, body: credentials }));
    await expectRefused(await send("auth/register", { ...crossSite, body: {} }));
    expect((await send("auth/login", { origin: APP, fetchSite: "same-origin", body: credentials })).status).toBe(200);
  });
});

describe("writes that go through", () => {
  it("from our own origin with the cookie (Origin, or only Sec-Fetch-Site: same-origin or none)", async ({
    database,
    send,
    user,
    firstName,
    sessionOpen,
  }) => {
    expect(
      (await send("me", { method: "PATCH", origin: APP, fetchSite: "same-origin", cookie: user.cookie, body: { first_name: "Roya" } }))
        .status,
    ).toBe(200);
    expect(await firstName(user.user.id)).toBe("Roya");
    expect(
      (await send("me", { method: "PATCH", fetchSite: "same-origin", cookie: user.cookie, body: { first_name: "Dara" } })).status,
    ).toBe(200);
    expect((await send("me", { method: "PATCH", fetchSite: "none", cookie: user.cookie, body: { first_name: "Nika" } })).status).toBe(200);
    expect(await firstName(user.user.id)).toBe("Nika");
    const other = await newSession(database.db, user.user);
    expect((await send(`me/sessions/${other.sessionId}`, { method: "DELETE", origin: APP, cookie: user.cookie })).status).toBe(200);
    expect(await sessionOpen(other.sessionId)).toBe(false);
  });

  it("from a client that is no browser (neither Origin nor Sec-Fetch-Site) with the cookie", async ({ send, user, firstName }) => {
    expect((await send("me", { method: "PATCH", cookie: user.cookie, body: { first_name: "Roya" } })).status).toBe(200);
    expect(await firstName(user.user.id)).toBe("Roya");
  });

  it("with a bearer token from any origin (no cookie is used)", async ({ send, user, firstName }) => {
    const response = await send("me", { method: "PATCH", ...crossSite, token: user.accessToken, body: { first_name: "Roya" } });
    expect(response.status).toBe(200);
    expect(await firstName(user.user.id)).toBe("Roya");
    // Even with the cookie riding along: the bearer token is what authenticates (and a page of another origin cannot attach one without our CORS).
    expect((await send("auth/logout", { ...crossSite, token: user.accessToken, cookie: user.cookie, body: {} })).status).toBe(200);
  });

  it("from SITE_URL's origin behind a proxy, or the proxy's forwarded host and scheme under TRUST_PROXY", async ({
    send,
    user,
    firstName,
  }) => {
    const internal = "http://10.0.0.5:3000";
    const patch = (first_name: string, headers: Record<string, string> = {}) =>
      send("me", { method: "PATCH", url: internal, origin: "https://takapoo.example", cookie: user.cookie, body: { first_name }, headers });
    await expectRefused(await patch("A"));
    process.env.SITE_URL = "https://takapoo.example";
    expect((await patch("Roya")).status).toBe(200);
    delete process.env.SITE_URL;
    // The forwarded headers count only behind a proxy we were told about.
    await expectRefused(await patch("B", { "x-forwarded-host": "takapoo.example", "x-forwarded-proto": "https" }));
    process.env.TRUST_PROXY = "1";
    expect((await patch("Dara", { "x-forwarded-host": "takapoo.example", "x-forwarded-proto": "https" })).status).toBe(200);
    expect(await firstName(user.user.id)).toBe("Dara");
  });

  it("from an origin named in CORS_ALLOWED_ORIGINS (the web app of a split deployment)", async ({ send, user, firstName }) => {
    const web = "https://www.takapoo.example";
    await expectRefused(
      await send("me", { method: "PATCH", origin: web, fetchSite: "same-site", cookie: user.cookie, body: { first_name: "A" } }),
    );
    process.env.CORS_ALLOWED_ORIGINS = `https://other.example, ${web}`;
    const response = await send("me", {
      method: "PATCH",
      origin: web,
      fetchSite: "same-site",
      cookie: user.cookie,
      body: { first_name: "Roya" },
    });
    expect(response.status).toBe(200);
    expect(await firstName(user.user.id)).toBe("Roya");
  });

  it("reads and the payment gateways' return (GET) are not affected", async ({ send, user }) => {
    expect((await send("me", { ...crossSite, cookie: user.cookie })).status).toBe(200);
    const callback = await send("payments/sandbox/callback?Authority=unknown&Status=OK", { ...crossSite, cookie: user.cookie });
    expect(callback.status).not.toBe(403);
  });
});
