import { createServer, type Server } from "node:http";
import { expect, test } from "./support/fixtures";
import { widgetPort } from "../../playwright.config";

// A stand-in for the third-party chat script, on 127.0.0.1, counting how often it is fetched.
let server: Server;
let fetches = 0;
test.beforeAll(async () => {
  server = createServer((req, res) => {
    fetches++;
    res.writeHead(200, { "content-type": "text/javascript", "access-control-allow-origin": "*" });
    res.end(
      "window.__supportWidgetRuns=(window.__supportWidgetRuns||0)+1;window.__supportWidgetSawSettings=JSON.stringify(window.SUPPORT_WIDGET_SETTINGS);",
    );
  });
  await new Promise<void>((resolve) => server.listen(widgetPort, "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("the support widget loads after the page is interactive, once, with its settings, and survives navigation", async ({ page }) => {
  fetches = 0;
  const order: string[] = [];
  page.on("load", () => order.push("load"));
  page.on("request", (request) => {
    if (request.url().endsWith("/widget.js")) order.push("widget");
  });
  await page.goto("/en-US");
  await expect.poll(() => page.evaluate(() => (window as unknown as { __supportWidgetRuns?: number }).__supportWidgetRuns)).toBe(1);
  expect(order.indexOf("load")).toBeLessThan(order.indexOf("widget"));
  expect(await page.evaluate(() => (window as unknown as { __supportWidgetSawSettings?: string }).__supportWidgetSawSettings)).toBe(
    '{"position":"end"}',
  );

  // Client-side navigations keep the one instance.
  await page.locator('footer a[href$="/contact"]').click();
  await page.waitForURL("**/en-US/contact");
  await page.locator('footer a[href$="/pages/about"]').click();
  await page.waitForURL("**/en-US/pages/about");
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __supportWidgetRuns?: number }).__supportWidgetRuns)).toBe(1);
  expect(fetches).toBe(1);
  expect(await page.locator('script[src$="/widget.js"]').count()).toBe(1);
});
