import { expect, test } from "./support/fixtures";
import sharp from "sharp";
import { lastCode, melliIban, signUpViaApi } from "./support/accounts";

test("en-US: fill the profile, request identity verification with a card photo, an admin approves it", async ({ page, browser }) => {
  await signUpViaApi(page);
  await page.goto("/en-US/dashboard/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile");
  await expect(page.getByText("Complete your information").first()).toBeVisible();

  // A wrong national ID is caught on its field.
  await page.getByLabel("National ID", { exact: true }).fill("0499370898");
  await page.getByRole("button", { name: "Save identity information" }).click();
  await expect(page.getByText("Enter a valid 10-digit national ID.")).toBeVisible();
  await page.getByLabel("National ID", { exact: true }).fill("0499370899");
  await page.getByRole("button", { name: /Choose date/ }).click();
  const calendar = page.getByRole("dialog");
  await expect(calendar).toBeVisible();
  await calendar.getByRole("gridcell").getByRole("button").first().click();
  await page.getByRole("button", { name: "Save identity information" }).click();
  await expect(page.getByText("Your profile was updated.").first()).toBeVisible();

  await page.getByLabel("IBAN (Sheba)", { exact: true }).fill(melliIban());
  await expect(page.getByText("Bank Melli", { exact: false }).first()).toBeVisible();
  await page.getByRole("button", { name: "Save bank information" }).click();
  await expect(page.getByText("Your profile was updated.").first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/profile-filled-en.png", fullPage: true });

  const card = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#9ab" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Photo of your national ID card").setInputFiles({ name: "card.jpg", mimeType: "image/jpeg", buffer: card });
  await page.getByRole("button", { name: "Send verification request" }).click();
  await expect(page.getByText("Under review").first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/profile-pending-en.png", fullPage: true });

  // The admin logs in (a new browser: a code goes to the admin's phone) and approves.
  const admin = await browser.newPage();
  await admin.goto("/en-US/auth/login");
  await admin.getByLabel("Mobile number or e-mail").fill("09100000001");
  await admin.getByLabel("Password", { exact: true }).fill("Admin-Pass-2026!e2e");
  await admin.getByRole("button", { name: "Log in" }).click();
  await admin.waitForURL("**/en-US/auth/two_factor_authentication");
  await admin.getByLabel("6-digit code").fill(await lastCode(admin.request, "09100000001"));
  await admin.getByRole("button", { name: "Confirm" }).click();
  await admin.waitForURL("**/en-US/dashboard");
  const queue = await admin.goto("/en-US/admin/identity");
  expect(queue?.status()).toBe(200);
  await admin
    .getByRole("link", { name: /Review the request of Sara Test/ })
    .first()
    .click();
  await expect(admin.getByRole("img")).toBeVisible();
  await admin.screenshot({ path: "test-results/screens/admin-review-en.png", fullPage: true });
  await admin.getByRole("button", { name: /Approve/ }).click();
  await expect(admin.getByText("The identity was approved.")).toBeVisible();
  await admin.close();

  await page.reload();
  await expect(page.getByText("Verified").first()).toBeVisible();
});

test("fa-IR: the profile speaks Persian, with Persian digits and the Persian calendar", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page, { locale: "fa-IR" });
  await page.goto("/dashboard/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("پروفایل");
  await page.getByRole("button", { name: /انتخاب تاریخ/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("gridcell").first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/profile-calendar-fa.png" });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.screenshot({ path: "test-results/screens/profile-fa.png", fullPage: true });
});
