import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./support/fixtures";
import { PASSWORD, signUpViaApi } from "./support/accounts";

/**
 * Cross-site request forgery from a real browser. The app is used at http://localhost:<port> and
 * the attacker's page is served from http://localhost:<another port>: another origin but the SAME
 * site (ports do not count in a site), so Chromium sends the SameSite=Lax session cookies with its
 * forms and fetches, and only the API's own check (server/http/same-origin.ts) stops them.
 */

const APP = `http://localhost:${Number(process.env.E2E_PORT || 3210)}`;
let attacker: Server;
let attackerOrigin = "";
const attackerPages = new Map<string, string>();

test.use({ baseURL: APP });

test.beforeAll(async () => {
  attacker = createServer((req, res) => {
    const html = attackerPages.get(req.url ?? "");
    res.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(html ?? "");
  });
  await new Promise<void>((resolve) => attacker.listen(0, resolve));
  attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

/** A page that submits a form to the API as soon as it loads. */
function autoSubmit(path: string, enctype: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name='${name}' value='${value}'>`)
    .join("");
  return `<!doctype html><html><body><form id="f" method="POST" action="${APP}${path}" enctype="${enctype}">${inputs}</form>
<script>document.getElementById("f").submit()</script></body></html>`;
}

async function stillSignedIn(request: import("@playwright/test").APIRequestContext) {
  const me = await request.get("/api/me", { headers: { "X-Locale": "en-US" } });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { data: { first_name: string } }).data;
}

test("a same-site page on another origin cannot end the session with an auto-submitted form (text/plain, multipart)", async ({ page }) => {
  await signUpViaApi(page);
  await stillSignedIn(page.request);
  const cookies = await page.context().cookies(APP);
  expect(cookies.map((cookie) => cookie.name)).toEqual(expect.arrayContaining(["tk_access", "tk_refresh"]));

  for (const [name, enctype] of [
    ["/text", "text/plain"],
    ["/multipart", "multipart/form-data"],
    ["/urlencoded", "application/x-www-form-urlencoded"],
  ] as const) {
    attackerPages.set(name, autoSubmit("/api/auth/logout", enctype, { '{"a":"': '"}' }));
    const answered = page.waitForResponse((response) => response.url() === `${APP}/api/auth/logout`);
    await page.goto(`${attackerOrigin}${name}`);
    const response = await answered;
    // The browser did send the session cookies: only the API's check stands in the way.
    expect((await response.request().allHeaders())["cookie"], enctype).toContain("tk_access=");
    expect(response.status(), enctype).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("cross_site_request");
    await stillSignedIn(page.request);
  }
});

test("a same-site page on another origin cannot change the profile or end a session with fetch", async ({ page }) => {
  await signUpViaApi(page);
  const before = await stillSignedIn(page.request);
  attackerPages.set(
    "/fetch",
    `<!doctype html><html><body><script>
      const api = ${JSON.stringify(APP)};
      window.results = Promise.all([
        fetch(api + "/api/auth/logout", { method: "POST", credentials: "include", mode: "no-cors", body: "{}", headers: { "content-type": "text/plain" } }).then(() => "sent", (e) => "blocked"),
        fetch(api + "/api/me", { method: "PATCH", credentials: "include", body: JSON.stringify({ first_name: "Mallory" }), headers: { "content-type": "application/json" } }).then((r) => r.status, () => "blocked"),
      ]);
    </script></body></html>`,
  );
  const logout = page.waitForResponse((response) => response.url() === `${APP}/api/auth/logout`);
  await page.goto(`${attackerOrigin}/fetch`);
  const results = await page.evaluate(() => (window as unknown as { results: Promise<unknown[]> }).results);
  // The no-cors POST reaches the API with the cookie and is refused there; the PATCH needs a
  // preflight, which grants this origin nothing, so the browser never sends it.
  expect((await logout).status()).toBe(403);
  expect(results).toEqual(["sent", "blocked"]);
  const after = await stillSignedIn(page.request);
  expect(after.first_name).toBe(before.first_name);
});

test("our own pages still write with the cookie: a body-less DELETE ends another session, then logout", async ({ page }) => {
  const { phone } = await signUpViaApi(page);
  // Signing in again on this trusted browser opens a second session; the cookies now hold it.
  const again = await page.request.post("/api/auth/login", { data: { credential: phone, password: PASSWORD } });
  expect(again.status()).toBe(200);
  await page.goto("/en-US");
  const ended = await page.evaluate(async () => {
    const sessions = (await (await fetch("/api/me/sessions")).json()) as { data: Array<{ id: string; current: boolean }> };
    const other = sessions.data.find((session) => !session.current)!;
    // What a browser sends for a DELETE: no body, no Content-Length (it answered 500 before).
    const response = await fetch(`/api/me/sessions/${other.id}`, { method: "DELETE", credentials: "include" });
    const left = (await (await fetch("/api/me/sessions")).json()) as { data: unknown[] };
    return { status: response.status, before: sessions.data.length, after: left.data.length };
  });
  expect(ended).toEqual({ status: 200, before: 2, after: 1 });
  const status = await page.evaluate(async () => (await fetch("/api/auth/logout", { method: "POST", credentials: "include" })).status);
  expect(status).toBe(200);
  expect((await page.request.get("/api/me")).status()).toBe(401);
});
