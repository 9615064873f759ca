import { expect, test } from "./support/fixtures";
import { signUpViaApi } from "./support/accounts";
import faIR from "../../messages/fa-IR.json" with { type: "json" };

test("the panel shell has its menu and a page open to visitors that asks them to log in, and the mobile menu closes on navigation", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/notifications");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("اعلان‌ها");
  await expect(page.getByText(faIR.notifications.inbox.signIn)).toBeVisible();
  await page.screenshot({ path: "test-results/screens/panel-mobile-fa.png", fullPage: true });

  const menu = page.locator("#panel-menu");
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "باز کردن منو" }).click();
  await expect(menu).toBeVisible();
  await page.screenshot({ path: "test-results/screens/panel-mobile-menu-fa.png" });
  await menu.getByRole("link", { name: "کسب درآمد" }).click();
  await page.waitForURL("**/dashboard/earn_money");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("کسب درآمد");
  await expect(menu).toBeHidden();
});

test("every panel menu entry opens a titled page in English", async ({ page }) => {
  await signUpViaApi(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/en-US/dashboard");
  await page.screenshot({ path: "test-results/screens/panel-desktop-en.png" });
  const titles: Record<string, string> = {
    Dashboard: "Dashboard",
    "My campaigns": "My campaigns",
    Profile: "Profile",
    Wallet: "Wallet",
    "Earn money": "Earn money",
    Payouts: "Payouts",
    Invitations: "Invitations",
    "API keys and webhooks": "API keys and webhooks",
  };
  for (const [link, title] of Object.entries(titles)) {
    await page.locator("#panel-menu").getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    // The wallet adds its balance to the title ("Wallet: 0 IRR | Takapoo").
    await expect(page).toHaveTitle(new RegExp(`^${title}(: .+)? \\| Takapoo$`));
    await expect(page.locator("#panel-menu").getByRole("link", { name: link })).toHaveAttribute("aria-current", "page");
  }
});

test("content pages and the landing page render in Arabic, right to left", async ({ page }) => {
  await page.goto("/ar-AE/pages/privacy");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("article h2").first()).toBeVisible();
  // Everything on the page in Arabic, the date included (not the default locale's words).
  await expect(page.locator("article > p").first()).toContainText("آخر تحديث");
  await page.screenshot({ path: "test-results/screens/content-ar.png", fullPage: true });
  await page.goto("/");
  await page.screenshot({ path: "test-results/screens/home-fa.png" });
  // Persian UI, Persian digits.
  const year = new Intl.NumberFormat("fa-IR", { useGrouping: false }).format(new Date().getFullYear());
  await expect(page.locator("footer")).toContainText(year);
  await page.goto("/en-US/no/such/page");
  await page.screenshot({ path: "test-results/screens/404-en.png" });
  // The whole 404 page follows the locale, footer included.
  await expect(page.locator("footer")).toContainText("All rights reserved");
});
