import { expect, test } from "./support/fixtures";

test("the language modal switches language and the choice survives a reload and a new visit", async ({ page, context }) => {
  await page.goto("/pages/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "fa-IR");
  await page.getByTestId("language-button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: "test-results/screens/language-modal-fa.png" });
  await dialog.getByRole("button", { name: "English" }).click();

  await page.waitForURL("**/en-US/pages/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  const cookie = (await context.cookies()).find((c) => c.name === "NEXT_LOCALE");
  expect(cookie?.value).toBe("en-US");
  // 365 days, give or take the seconds the test took.
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");

  // An unprefixed URL now follows the remembered choice.
  await page.goto("/contact");
  expect(new URL(page.url()).pathname).toBe("/en-US/contact");

  // Back to Persian from the panel layout: the cookie says fa-IR and the unprefixed URL serves it.
  await page.goto("/en-US/dashboard/campaigns");
  await page.getByTestId("language-button").click();
  await page.getByRole("dialog").getByRole("button", { name: "فارسی" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard/campaigns");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.goto("/");
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fa-IR");
});

test("the language modal closes with Escape and is reachable from the auth layout", async ({ page }) => {
  await page.goto("/en-US/auth/login");
  await page.getByTestId("language-button").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
});
