import { createServer, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { expect, test } from "./support/fixtures";
import { sentryPort } from "../../playwright.config";

// A stand-in Sentry ingest on 127.0.0.1: it reads envelopes as Sentry's protocol defines them
// (a header line, then item header and payload lines) and keeps the error events.
type SentryEvent = { release?: string; tags?: Record<string, string>; exception?: { values?: Array<{ value?: string }> } };
let server: Server;
const events: SentryEvent[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      const lines = body.toString("utf8").split("\n");
      for (let i = 1; i + 1 < lines.length; i += 2) {
        const item = JSON.parse(lines[i] ?? "{}") as { type?: string };
        if (item.type === "event") events.push(JSON.parse(lines[i + 1] ?? "{}") as SentryEvent);
      }
      res.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(sentryPort, "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const find = (text: string) => events.find((event) => event.exception?.values?.some((value) => value.value?.includes(text)));

test("both sample errors reach error reporting, tagged with the release and the locale", async ({ page, request }) => {
  const buildId = ((await (await request.get("/api/build")).json()) as { data: { build_id: string } }).data.build_id;
  await page.goto("/en-US/sentry-example-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error reporting test page");
  // The browser SDK loads after the page: wait until it is there before making the error.
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __SENTRY__?: unknown }).__SENTRY__))).toBe(true);

  await page.getByRole("button", { name: "Throw an error in the browser" }).click();
  await expect.poll(() => find("Sentry example browser error"), { timeout: 15_000 }).toBeTruthy();
  expect(find("Sentry example browser error")).toMatchObject({ release: buildId, tags: { locale: "en-US" } });

  await page.getByRole("button", { name: "Call an API that fails" }).click();
  await expect(page.getByRole("status")).toHaveText("The server failed on purpose and the error was reported.");
  await expect.poll(() => find("Sentry example API error"), { timeout: 15_000 }).toBeTruthy();
  expect(find("Sentry example API error")).toMatchObject({ release: buildId, tags: { locale: "en-US" } });
});

test("the tunnel forwards only envelopes for the configured DSN", async ({ request }) => {
  const other = await request.post("/api/monitoring", {
    data: `${JSON.stringify({ dsn: "https://key@evil.example/9" })}\n{"type":"event"}\n{}`,
    headers: { "content-type": "text/plain" },
  });
  expect(other.status()).toBe(404);
});
