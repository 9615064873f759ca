import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { apiTest } from "@/tests/api/support/fixture";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

// The API's own security headers (issue 13, item 8's class on /api): HSTS only where the request came
// over HTTPS, no framing, and a policy on every answer; the HTML docs page allows exactly its own
// inline script and style.
describe("API security headers", () => {
  const saved = process.env.STRICT_TRANSPORT_SECURITY;

  beforeAll(() => {
    delete process.env.STRICT_TRANSPORT_SECURITY;
  });
  afterAll(() => {
    if (saved !== undefined) process.env.STRICT_TRANSPORT_SECURITY = saved;
  });
  const it = apiTest
    // The raw answer to a GET of `path`, headers and all.
    .extend(
      "fetchPath",
      ({ app }) =>
        (path: string, headers: Record<string, string> = {}, base = "http://localhost") =>
          app.fetch(new Request(`${base}${path}`, { headers })),
    )
    // No socket address, as the app was made before (the API under next dev knows none).
    .override("appDeps", { socketAddress: () => null });

  it("no HSTS over plain HTTP, on success and on errors", async ({ fetchPath }) => {
    for (const path of ["/api/health", "/api/no/such/route", "/api/me"]) {
      const answer = await fetchPath(path);
      expect(answer.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("HSTS when the request came over HTTPS, directly or as a TLS proxy says", async ({ fetchPath }) => {
    expect((await fetchPath("/api/health", {}, "https://localhost")).headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect((await fetchPath("/api/me", { "x-forwarded-proto": "https" })).headers.get("strict-transport-security")).toBe(
      "max-age=31536000",
    );
  });

  it("JSON answers allow nothing to run and no framing", async ({ fetchPath }) => {
    for (const path of ["/api/health", "/api/no/such/route", "/api/me", "/api/openapi.json"]) {
      const answer = await fetchPath(path);
      expect(answer.headers.get("content-security-policy"), path).toMatch(/^default-src 'none'; frame-ancestors 'none'/);
      expect(answer.headers.get("x-frame-options"), path).toBe("DENY");
      expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("the docs page's policy allows exactly its inline script and style", async ({ fetchPath }) => {
    const answer = await fetchPath("/api/docs");
    const html = await answer.text();
    const policy = answer.headers.get("content-security-policy") ?? "";
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(policy).toContain(`script-src ${sha256(script)};`);
    expect(policy).toContain(`style-src ${sha256(style)};`);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-inline");
  });
});
