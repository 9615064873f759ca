import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";

// No serious or critical WCAG violation on the public pages, in a right-to-left and a left-to-right locale.
for (const path of [
  "/",
  "/en-US",
  "/ar-AE",
  "/contact",
  "/pages/about",
  "/auth/login",
  "/en-US/auth/register",
  "/ar-AE/auth/forgot_password",
  "/auth/two_factor_authentication",
  "/en-US/dashboard/campaigns",
  "/en-US/no/such/page",
]) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
    expect(serious).toEqual([]);
  });
}

test("the language modal is accessible when open", async ({ page }) => {
  await page.goto("/en-US/contact");
  await page.getByTestId("language-button").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const results = await new AxeBuilder({ page }).include("dialog").analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});
