import { expect, test, type Page } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { freshPhone, lastCode, PASSWORD, signUpViaApi } from "./support/accounts";
import { ADMIN_PASSWORD, ADMIN_PHONE } from "./support/admin";

const PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹";
const persian = (text: string) => text.replace(/\d/g, (d) => PERSIAN_DIGITS[Number(d)]!);

const locales = [
  { locale: "fa-IR", prefix: "", m: faIR, digits: persian },
  { locale: "en-US", prefix: "/en-US", m: enUS, digits: (text: string) => text },
] as const;

async function register(page: Page, prefix: string, m: typeof enUS, phoneAsTyped: string, email: string) {
  const r = m.auth.register;
  await page.goto(`${prefix}/auth/register`);
  await page.getByLabel(r.firstName, { exact: true }).fill("Sara");
  await page.getByLabel(r.lastName, { exact: true }).fill("Ahmadi");
  await page.getByLabel(r.phone, { exact: true }).fill(phoneAsTyped);
  await page.getByLabel(r.email, { exact: true }).fill(email);
  await page.getByLabel(r.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(r.passwordConfirmation, { exact: true }).fill(PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: r.submit }).click();
  await page.waitForURL(`**${prefix}/auth/two_factor_authentication`);
}

async function enterCode(page: Page, m: typeof enUS, code: string) {
  await page.getByLabel(m.auth.otp.code).fill(code);
  await page.getByRole("button", { name: m.auth.otp.submit }).click();
}

async function logIn(page: Page, prefix: string, m: typeof enUS, credential: string, password: string) {
  await page.goto(`${prefix}/auth/login`);
  await page.getByLabel(m.auth.login.credential).fill(credential);
  await page.getByLabel(m.auth.login.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: m.auth.login.submit, exact: true }).click();
}

for (const { locale, prefix, m, digits } of locales) {
  test.describe(locale, () => {
    test("register, enter the texted code, land on the dashboard", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const phone = freshPhone();
      await page.goto(`${prefix}/auth/register`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.auth.register.title);
      // Client-side checks speak the page's language before anything is sent.
      await page.getByRole("button", { name: m.auth.register.submit }).click();
      await expect(page.getByText(m.api.validation.terms_required)).toBeVisible();
      await expect(page.getByText(m.api.validation.first_name_required)).toBeVisible();
      await page.screenshot({ path: `test-results/screens/register-errors-${locale}.png`, fullPage: true });
      // Persian UI: the number typed in Persian digits is accepted.
      await register(page, prefix, m, digits(phone), `${phone}@takapoo.test`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.auth.otp.title);
      await expect(page.getByText(digits(`+98 ${phone.slice(1, 4)} *** ${phone.slice(-4)}`))).toBeVisible();
      await expect(page.getByText(m.auth.otp.resendIn.replace("{seconds}", digits("120")))).toBeVisible();
      await page.screenshot({ path: `test-results/screens/otp-${locale}.png`, fullPage: true });
      const code = await lastCode(page.request, phone);
      await enterCode(page, m, code === "000000" ? "111111" : "000000");
      await expect(page.getByText(m.api.errors.otp_incorrect)).toBeVisible();
      await enterCode(page, m, code);
      await page.waitForURL((url) => url.pathname === `${prefix}/dashboard`);
      await expect(page.getByTestId("wallet-balance")).toContainText(m.money.amount.replace("{amount}", digits("0")));
      await page.screenshot({ path: `test-results/screens/dashboard-after-register-${locale}.png`, fullPage: true });
    });

    test("log in on a trusted and an untrusted device, and log out", async ({ page, browser }) => {
      const { phone, email } = await signUpViaApi(page, { locale });
      // The API sign-up trusted this browser; log out first.
      await page.goto(`${prefix}/dashboard/campaigns`);
      await page.locator("#panel-menu").getByRole("button", { name: m.panel.menu.logout }).click();
      await page.waitForURL(`**${prefix}/auth/login`);
      await page.waitForTimeout(800); // the reload 500 ms after logout
      await page.goto(`${prefix}/dashboard/profile`);
      await page.waitForURL(`**${prefix}/auth/login?redirect=%2Fdashboard%2Fprofile`);

      // This browser passed a code step: straight in, and back where the guard sent it from.
      await page.getByLabel(m.auth.login.credential).fill(email);
      await page.getByLabel(m.auth.login.password, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: m.auth.login.submit, exact: true }).click();
      await page.waitForURL(`**${prefix}/dashboard/profile`);

      // A new browser (untrusted device) must enter a code; a wrong password says so first.
      const other = await browser.newPage();
      await logIn(other, prefix, m, phone, "wrong-password");
      await expect(other.getByText(m.api.errors.invalid_credentials)).toBeVisible();
      const before = await lastCode(other.request, phone);
      await other.getByLabel(m.auth.login.password, { exact: true }).fill(PASSWORD);
      await other.getByRole("button", { name: m.auth.login.submit, exact: true }).click();
      await other.waitForURL(`**${prefix}/auth/two_factor_authentication`);
      await enterCode(other, m, await lastCode(other.request, phone, before));
      await other.waitForURL((url) => url.pathname === `${prefix}/dashboard`);
      await other.close();
    });

    test("forgot password, reset it, log in with the new one", async ({ page }) => {
      const { phone, email } = await signUpViaApi(page, { locale });
      await page.context().clearCookies();
      await page.goto(`${prefix}/auth/login`);
      await page.getByRole("link", { name: m.auth.login.forgot }).click();
      await page.waitForURL(`**${prefix}/auth/forgot_password`);
      await page.getByLabel(m.auth.forgot.credential).fill("nobody@takapoo.test");
      await page.getByRole("button", { name: m.auth.forgot.submit }).click();
      await expect(page.getByText(m.api.errors.user_not_found)).toBeVisible();
      const before = await lastCode(page.request, phone);
      await page.getByLabel(m.auth.forgot.credential).fill(email);
      await page.getByRole("button", { name: m.auth.forgot.submit }).click();
      await page.waitForURL(`**${prefix}/auth/two_factor_authentication`);
      await enterCode(page, m, await lastCode(page.request, phone, before));
      await page.waitForURL(`**${prefix}/auth/reset_password`);
      await page.getByLabel(m.auth.reset.password, { exact: true }).fill("Brand-New-Pass-2026");
      await page.getByLabel(m.auth.reset.passwordConfirmation).fill("Brand-New-Pass-2026");
      await page.getByRole("button", { name: m.auth.reset.submit }).click();
      await expect(page.getByText(m.api.messages.password_changed)).toBeVisible();
      await page.screenshot({ path: `test-results/screens/reset-done-${locale}.png` });
      await page.getByRole("link", { name: m.auth.reset.backToLogin }).click();
      await page.getByLabel(m.auth.login.credential).fill(email);
      await page.getByLabel(m.auth.login.password, { exact: true }).fill("Brand-New-Pass-2026");
      await page.getByRole("button", { name: m.auth.login.submit, exact: true }).click();
      await page.waitForURL(`**${prefix}/auth/two_factor_authentication`);
    });
  });
}

test("guards: anonymous visitors go to log in, logged-in users skip it; the admin area is a 404", async ({ page }) => {
  await page.goto("/en-US/dashboard/wallet");
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/en-US/auth/login?redirect=%2Fdashboard%2Fwallet");
  const admin = await page.goto("/admin");
  expect(admin?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("صفحه پیدا نشد");
  await page.goto("/en-US/dashboard/campaigns");
  await expect(page.getByText(enUS.panel.signIn.body)).toBeVisible();

  await signUpViaApi(page);
  await page.goto("/en-US/auth/login");
  await page.waitForURL("**/en-US/dashboard");
  expect((await page.goto("/en-US/admin/identity"))?.status()).toBe(404);
  const api = await page.request.get("/api/admin/identity-requests");
  expect(api.status()).toBe(404);
});

// Issue 34: a bookmarked back-office page after the admin's session ended asks them to sign in, then returns there;
// the 404 stays for everyone else (the browser above, and a fresh one).
test("an admin whose session ended is asked to sign in again at a bookmarked back-office page", async ({ admin, browser, baseURL }) => {
  expect((await admin.request.post("/api/auth/logout")).status()).toBeLessThan(300);
  expect((await admin.cookies()).map((cookie) => cookie.name)).not.toContain("tk_refresh");
  const page = await admin.newPage();
  await page.goto("/en-US/admin/payouts?status=pending");
  await page.waitForURL("**/en-US/auth/login?redirect=%2Fadmin%2Fpayouts%3Fstatus%3Dpending");
  await page.getByLabel(enUS.auth.login.credential).fill(ADMIN_PHONE);
  await page.getByLabel(enUS.auth.login.password, { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: enUS.auth.login.submit }).click();
  await page.waitForURL("**/en-US/admin/payouts?status=pending");
  await expect(page).toHaveTitle(new RegExp(enUS.admin.meta.payoutsTitle));

  const stranger = await browser.newContext({ baseURL });
  expect((await (await stranger.newPage()).goto("/en-US/admin/payouts"))?.status()).toBe(404);
  await stranger.close();
});
