import { expect, test, type Page } from "@playwright/test";
import { freshPhone, lastCode, PASSWORD, signUpViaApi } from "./support/accounts";

async function fillRegister(page: Page, phone: string, labels: Record<string, string>, email = `${phone}@takapoo.test`) {
  await page.getByLabel(labels.firstName!, { exact: true }).fill("Sara");
  await page.getByLabel(labels.lastName!, { exact: true }).fill("Ahmadi");
  await page.getByLabel(labels.phone!, { exact: true }).fill(phone);
  await page.getByLabel(labels.email!, { exact: true }).fill(email);
  await page.getByLabel(labels.password!, { exact: true }).fill(PASSWORD);
  await page.getByLabel(labels.confirmation!, { exact: true }).fill(PASSWORD);
  await page.getByRole("checkbox").check();
}

test("fa-IR: register, enter the texted code, land on the dashboard", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = freshPhone();
  await page.goto("/auth/register");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ساخت حساب کاربری");
  // Client-side checks speak Persian before anything is sent.
  await page.getByRole("button", { name: "ساخت حساب" }).click();
  await expect(page.getByText("لطفاً قوانین و مقررات را مطالعه کرده و بپذیرید.")).toBeVisible();
  await expect(page.getByText("نام خود را وارد کنید.")).toBeVisible();
  await page.screenshot({ path: "test-results/screens/register-errors-fa.png", fullPage: true });
  await fillRegister(
    page,
    phone.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!),
    {
      firstName: "نام",
      lastName: "نام خانوادگی",
      phone: "شماره موبایل",
      email: "ایمیل",
      password: "رمز عبور",
      confirmation: "تکرار رمز عبور",
    },
    `${phone}@takapoo.test`,
  );
  await page.getByRole("button", { name: "ساخت حساب" }).click();
  await page.waitForURL("**/auth/two_factor_authentication");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("کد تأیید را وارد کنید");
  const persian = (text: string) => text.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);
  await expect(page.getByText(persian(`+98 ${phone.slice(1, 4)} *** ${phone.slice(-4)}`))).toBeVisible();
  await expect(page.getByText("تا ۱۲۰ ثانیهٔ دیگر می‌توانید کد جدید درخواست کنید.")).toBeVisible();
  await expect(page.getByText(/تا .+ ثانیهٔ دیگر می‌توانید کد جدید درخواست کنید/)).toBeVisible();
  await page.screenshot({ path: "test-results/screens/otp-fa.png", fullPage: true });
  await page.getByLabel("کد ۶ رقمی").fill("000000");
  const code = await lastCode(page.request, phone);
  if (code !== "000000") {
    await page.getByRole("button", { name: "تأیید" }).click();
    await expect(page.getByText("کد وارد شده نادرست است.")).toBeVisible();
  }
  await page.getByLabel("کد ۶ رقمی").fill(code);
  await page.getByRole("button", { name: "تأیید" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
  await expect(page.getByTestId("wallet-balance")).toContainText("۰ ریال");
  await page.screenshot({ path: "test-results/screens/dashboard-after-register-fa.png", fullPage: true });
});

test("en-US: register, then log in on a trusted and an untrusted device, and log out", async ({ page, browser }) => {
  const phone = freshPhone();
  await page.goto("/en-US/auth/register");
  await fillRegister(page, phone, {
    firstName: "First name",
    lastName: "Last name",
    phone: "Mobile number",
    email: "E-mail",
    password: "Password",
    confirmation: "Repeat password",
  });
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/en-US/auth/two_factor_authentication");
  await page.getByLabel("6-digit code").fill(await lastCode(page.request, phone));
  await expect(page.getByLabel("Trust this device for 30 days")).toBeChecked();
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.waitForURL("**/en-US/dashboard");
  await expect(page.getByTestId("wallet-balance")).toContainText("0 IRR");

  // Logout: back to the login page; the panel is closed again.
  await page.locator("#panel-menu").getByRole("button", { name: "Log out" }).click();
  await page.waitForURL("**/en-US/auth/login");
  await page.waitForTimeout(800); // the reload 500 ms after logout
  await page.goto("/en-US/dashboard/profile");
  await page.waitForURL("**/en-US/auth/login?redirect=%2Fdashboard%2Fprofile");

  // This browser passed a code step: it goes straight in, and back where the guard sent it from.
  await page.getByLabel("Mobile number or e-mail").fill(`${phone}@takapoo.test`);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/en-US/dashboard/profile");

  // A new browser (untrusted device) must enter a code.
  const other = await browser.newPage();
  await other.goto("/en-US/auth/login");
  await other.getByLabel("Mobile number or e-mail").fill(phone);
  await other.getByLabel("Password", { exact: true }).fill("wrong-password");
  await other.getByRole("button", { name: "Log in" }).click();
  await expect(other.getByText("The mobile number, e-mail or password is incorrect.")).toBeVisible();
  const before = await lastCode(other.request, phone);
  await other.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await other.getByRole("button", { name: "Log in" }).click();
  await other.waitForURL("**/en-US/auth/two_factor_authentication");
  await other.getByLabel("6-digit code").fill(await lastCode(other.request, phone, before));
  await other.getByRole("button", { name: "Confirm" }).click();
  await other.waitForURL("**/en-US/dashboard");
  await other.close();
});

test("en-US: forgot password, reset it, log in with the new one", async ({ page }) => {
  const { phone, email } = await signUpViaApi(page);
  await page.context().clearCookies();
  await page.goto("/en-US/auth/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await page.waitForURL("**/en-US/auth/forgot_password");
  await page.getByLabel("Mobile number or e-mail").fill("nobody@takapoo.test");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("No user was found with this mobile number or e-mail.")).toBeVisible();
  const before = await lastCode(page.request, phone);
  await page.getByLabel("Mobile number or e-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.waitForURL("**/en-US/auth/two_factor_authentication");
  await page.getByLabel("6-digit code").fill(await lastCode(page.request, phone, before));
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.waitForURL("**/en-US/auth/reset_password");
  await page.getByLabel("New password", { exact: true }).fill("Brand-New-Pass-2026");
  await page.getByLabel("Repeat new password").fill("Brand-New-Pass-2026");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed successfully.")).toBeVisible();
  await page.screenshot({ path: "test-results/screens/reset-done-en.png" });
  await page.getByRole("link", { name: "Back to log in" }).click();
  await page.getByLabel("Mobile number or e-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Brand-New-Pass-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/en-US/auth/two_factor_authentication");
});

test("guards: anonymous visitors go to log in, logged-in users skip it; the admin area is a 404", async ({ page }) => {
  await page.goto("/en-US/dashboard/wallet");
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/en-US/auth/login?redirect=%2Fdashboard%2Fwallet");
  const admin = await page.goto("/admin");
  expect(admin?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("صفحه پیدا نشد");
  await page.goto("/en-US/dashboard/campaigns");
  await expect(page.getByText("Log in to see your campaigns, wallet and earnings on this page.")).toBeVisible();

  await signUpViaApi(page);
  await page.goto("/en-US/auth/login");
  await page.waitForURL("**/en-US/dashboard");
  expect((await page.goto("/en-US/admin/identity"))?.status()).toBe(404);
  const api = await page.request.get("/api/admin/identity-requests");
  expect(api.status()).toBe(404);
});
