import { afterAll, beforeAll, describe, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { contentPages } from "@/server/db/schema";
import { seedBaseContent } from "@/server/db/seed";
import { apiTest } from "@/tests/api/support/fixture";
import { jsonRequest, testApp } from "@/tests/api/support/helpers";

// No socket address, as the app was made before (the API under next dev knows none).
const it = apiTest.override("appDeps", { socketAddress: () => null });

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; request_id: string } };

describe("GET /api/health", () => {
  it("answers ok after asking the database", async ({ app }) => {
    const response = await app.request("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ data: { status: "ok", database: "ok" } });
  });

  it("answers 503 in the envelope when the database does not answer", async ({ database }) => {
    const broken = testApp({ ...database, ping: () => Promise.reject(new Error("down")) });
    const response = await broken.request("/api/health", { headers: { "x-locale": "en-US" } });
    expect(response.status).toBe(503);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("service_unavailable");
    expect(body.error.message).toMatch(/temporarily unavailable/);
  });
});

describe("GET /api/ip/info", () => {
  // Behind one reverse proxy, whose X-Forwarded-For names the client (without TRUST_PROXY the header is ignored).
  const trustProxy = process.env.TRUST_PROXY;
  beforeAll(() => {
    process.env.TRUST_PROXY = "1";
  });
  afterAll(() => {
    if (trustProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxy;
  });

  it("finds the country of the forwarded address", async ({ app }) => {
    const response = await app.request("/api/ip/info", { headers: { "x-forwarded-for": "5.160.0.1" } });
    expect(await response.json()).toEqual({ data: { country_code: "IR" } });
  });

  it("answers null for a private address", async ({ app }) => {
    const response = await app.request("/api/ip/info", { headers: { "x-forwarded-for": "10.1.2.3" } });
    expect(await response.json()).toEqual({ data: { country_code: null } });
  });

  it("uses the trusted proxy header when configured", async ({ app }) => {
    process.env.TRUST_PROXY_COUNTRY_HEADER = "CF-IPCountry";
    try {
      const response = await app.request("/api/ip/info", { headers: { "cf-ipcountry": "tr", "x-forwarded-for": "5.160.0.1" } });
      expect(await response.json()).toEqual({ data: { country_code: "TR" } });
    } finally {
      delete process.env.TRUST_PROXY_COUNTRY_HEADER;
    }
  });
});

describe("POST /api/pages/get", () => {
  it("returns the page in the default locale with its context", async ({ app }) => {
    const response = await app.request(jsonRequest("pages/get", { slug: "about" }));
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> & { context: Record<string, unknown> } };
    expect(data.locale).toBe("fa-IR");
    expect(data.slug).toBe("about");
    expect(String(data.title)).toMatch(/تکاپو/);
    expect(String(data.body).length).toBeGreaterThan(500);
    expect(Object.keys(data.context).sort()).toEqual(["meta_description", "meta_title", "og_image"]);
  });

  it("follows X-Locale, then accept-language", async ({ app }) => {
    const en = await app.request(jsonRequest("pages/get", { slug: "terms" }, { "x-locale": "en-US", "accept-language": "tr-TR" }));
    expect(((await en.json()) as { data: { locale: string } }).data.locale).toBe("en-US");
    const tr = await app.request(jsonRequest("pages/get", { slug: "privacy" }, { "accept-language": "de;q=0.9, tr;q=0.8" }));
    expect(((await tr.json()) as { data: { locale: string } }).data.locale).toBe("tr-TR");
    const ar = await app.request(jsonRequest("pages/get", { slug: "privacy" }, { "accept-language": "ar-AE,ar;q=0.9" }));
    expect(((await ar.json()) as { data: { locale: string; title: string } }).data.title).toMatch(/[\u0600-\u06FF]/);
  });

  it("answers 404 with a translated message for an unknown slug", async ({ app }) => {
    const response = await app.request(jsonRequest("pages/get", { slug: "no-such-page" }, { "x-locale": "en-US" }));
    expect(response.status).toBe(404);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("page_not_found");
    expect(body.error.message).toContain("no-such-page");
    expect(body.error.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-request-id")).toBe(body.error.request_id);
  });

  it("answers 422 with a per-field message when the slug is missing, in the request's language", async ({ app }) => {
    const response = await app.request(jsonRequest("pages/get", {}, { "x-locale": "fa-IR" }));
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields?.slug).toBe("پر کردن این فیلد الزامی است.");

    const wrongType = await app.request(jsonRequest("pages/get", { slug: 5 }, { "x-locale": "en-US" }));
    expect(wrongType.status).toBe(422);
    expect(((await wrongType.json()) as ErrorBody).error.fields?.slug).toBe("This value has the wrong type.");

    const bad = await app.request(jsonRequest("pages/get", { slug: "../etc/passwd" }, { "x-locale": "en-US" }));
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).error.fields?.slug).toBe("This value is not in the right format.");
  });

  it("answers 400 for malformed JSON", async ({ app }) => {
    const response = await app.request(jsonRequest("pages/get", '{"slug": "about"', { "x-locale": "en-US" }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("malformed_json");
    expect(body.error.message).toBe("The request body is not valid JSON.");
  });

  it("answers 413 for a body over the limit, before reading it", async ({ app }) => {
    const response = await app.request(
      jsonRequest("pages/get", { slug: "about", padding: "x".repeat(70 * 1024) }, { "x-locale": "en-US" }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorBody).error).toMatchObject({ code: "payload_too_large", message: "The request is too large." });
  });

  it("sends security headers", async ({ app }) => {
    const response = await app.request("/api/ip/info");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("answers 415 when the body is not declared as JSON", async ({ app }) => {
    const response = await app.request("/api/pages/get", {
      method: "POST",
      headers: { "content-type": "text/plain", "x-locale": "en-US" },
      body: '{"slug":"about"}',
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorBody).error.code).toBe("unsupported_media_type");
  });

  it("answers 422 (not 500) when the body is JSON but not an object", async ({ app }) => {
    const response = await app.request(jsonRequest("pages/get", "[1,2]"));
    expect(response.status).toBe(422);
  });
});

describe("unknown routes and documents", () => {
  it("answers 404 in JSON for an unknown API route", async ({ app }) => {
    const response = await app.request("/api/nothing/here", { headers: { "x-locale": "en-US" } });
    expect(response.status).toBe(404);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("route_not_found");
    expect(body.error.message).toBe("Page not found: /api/nothing/here");
  });

  it("answers a wrong method on a known path with a JSON 405 naming the allowed methods", async ({ app }) => {
    const response = await app.request("/api/health", { method: "DELETE", headers: { "x-locale": "en-US" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(((await response.json()) as ErrorBody).error).toMatchObject({
      code: "method_not_allowed",
      message: "This method is not allowed here.",
    });
  });

  it("serves OpenAPI 3.1 describing every route", async ({ app }) => {
    const response = await app.request("/api/openapi.json");
    const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/health", "/api/ip/info", "/api/pages/get", "/api/build"]));
  });

  it("serves a docs page in the request's language", async ({ app }) => {
    const response = await app.request("/api/docs", { headers: { "x-locale": "fa-IR" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('lang="fa-IR" dir="rtl"');
    expect(html).toContain("/api/openapi.json");
  });
});

describe("demo seed", () => {
  it("holds about, terms and privacy in four languages, written once", async ({ database }) => {
    const rows = await database.db.select({ slug: contentPages.slug, locale: contentPages.locale }).from(contentPages);
    expect(rows).toHaveLength(12);
    for (const slug of ["about", "terms", "privacy"]) {
      expect(
        rows
          .filter((r) => r.slug === slug)
          .map((r) => r.locale)
          .sort(),
      ).toEqual(["ar-AE", "en-US", "fa-IR", "tr-TR"]);
    }
    await database.db.execute(sql`delete from content_pages where slug = 'terms'`);
    expect(await seedBaseContent(database.db)).toBe(false);
    const after = await database.db.select().from(contentPages);
    expect(after).toHaveLength(8);
  });

  it("brings an older installation's privacy page up to date once, where no admin edited it", async ({ database }) => {
    // As seeded before the YouTube section: the old text, never edited (updated_at = created_at); en-US edited since.
    await database.db.execute(sql`delete from seed_runs where name = 'privacy-youtube-v1'`);
    await database.db.execute(sql`update content_pages set body = 'Old text', updated_at = created_at where slug = 'privacy'`);
    await database.db.execute(
      sql`update content_pages set body = 'Our own words', updated_at = created_at + interval '1 day' where slug = 'privacy' and locale = 'en-US'`,
    );
    expect(await seedBaseContent(database.db)).toBe(false);
    const pages = await database.db.select().from(contentPages).where(eq(contentPages.slug, "privacy"));
    const body = (locale: string) => pages.find((page) => page.locale === locale)!.body;
    expect(body("fa-IR")).toContain("https://www.youtube.com/t/terms");
    expect(body("tr-TR")).toContain("https://myaccount.google.com/permissions");
    expect(body("en-US")).toBe("Our own words");
    // Once: a later edit back to anything stays.
    await database.db.execute(sql`update content_pages set body = 'Old text', updated_at = created_at where slug = 'privacy'`);
    await seedBaseContent(database.db);
    expect((await database.db.select().from(contentPages).where(eq(contentPages.slug, "privacy"))).map((page) => page.body)).toEqual(
      Array(4).fill("Old text"),
    );
  });
});

describe("health under concurrency", () => {
  it("answers every one of many simultaneous checks, sharing pings", async ({ app }) => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => app.request("/api/health")));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
  });

  it("reports a failing database to every waiting caller, then recovers", async ({ database }) => {
    let calls = 0;
    const flaky = testApp({
      ...database,
      ping: () => {
        calls++;
        return calls === 1 ? new Promise((_, reject) => setTimeout(() => reject(new Error("down")), 20)) : Promise.resolve();
      },
    });
    const first = await Promise.all([flaky.request("/api/health"), flaky.request("/api/health")]);
    expect(first.map((r) => r.status)).toEqual([503, 503]);
    expect(calls).toBe(1);
    expect((await flaky.request("/api/health")).status).toBe(200);
  });
});
