import { expect, test } from "./support/fixtures";

test("in-app navigation stays a client navigation while the deployment is unchanged", async ({ page }) => {
  await page.goto("/en-US/dashboard/campaigns");
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  await page.waitForTimeout(1500); // past the first deployment check
  await page.locator("#panel-menu").getByRole("link", { name: "Earn money" }).click();
  await page.waitForURL("**/en-US/dashboard/earn_money");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Earn money");
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
});

test("once a new deployment is seen, the next navigation is a full page load", async ({ page }) => {
  await page.route("**/api/build", (route) => route.fulfill({ json: { data: { build_id: "a-newer-build" } } }));
  await page.goto("/en-US/dashboard/campaigns");
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  await page.waitForResponse("**/api/build"); // the check about 1 s after load
  await page.locator("#panel-menu").getByRole("link", { name: "Earn money" }).click();
  await page.waitForURL("**/en-US/dashboard/earn_money");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Earn money");
  // A full load starts a new window: the marker is gone.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
});

test("the loading bar appears during a slow navigation and is 3 px high", async ({ page }) => {
  // Hold the next page's data, its prefetch included (so it is not already there when the link is
  // clicked), so the navigation lasts longer than the 200 ms throttle.
  await page.route("**/en-US/dashboard/earn_money**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  // The first deployment check shows the navigation listener is in place (the page has hydrated).
  const listening = page.waitForResponse("**/api/build");
  await page.goto("/en-US/dashboard/campaigns");
  await listening;
  await page.locator("#panel-menu").getByRole("link", { name: "Earn money" }).click();
  const bar = page.locator("#nprogress .bar");
  await expect(bar).toBeVisible();
  expect((await bar.boundingBox())?.height).toBe(3);
  await page.waitForURL("**/en-US/dashboard/earn_money");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Earn money");
  await expect(page.locator("#nprogress")).toHaveCount(0, { timeout: 3000 });
});
