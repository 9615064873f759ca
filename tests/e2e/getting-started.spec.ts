import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { signUpOnPhone, signUpViaApi } from "./support/accounts";
import { fundWallet } from "./support/earn";
import { DESKTOP, expectNoSidewaysScroll } from "./support/layout";

// Issue 34, a path for each person, on the production build: after the first sign-in the dashboard asks what the
// person came for; then it leads with that side's checklist, each step linking to where it is done, with this
// installation's figures; the choice is changed on the profile.

const fa = faIR.onboarding;
const en = enUS.onboarding;

test("fa-IR phone: asked what they came for, an earner sees the booster's way with this installation's figures", async ({ page }) => {
  await signUpOnPhone(page, "fa-IR");
  await page.goto("/dashboard");
  const form = page.getByTestId("purpose-form");
  await expect(page.getByRole("heading", { name: fa.purpose.title })).toBeVisible();
  await form.getByRole("button", { name: fa.purpose.save }).click();
  await expect(form.getByText(faIR.api.validation.purpose_required)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/purpose-fa-phone.png", fullPage: true });

  await form.getByLabel(fa.purpose.options.earn.title).check();
  await form.getByRole("button", { name: fa.purpose.save }).click();
  const steps = page.getByTestId("checklist-booster");
  await expect(steps.getByRole("listitem")).toHaveCount(7);
  await expect(page.getByTestId("checklist-producer")).toHaveCount(0);
  await expect(page.getByTestId("checklist-booster-progress")).toHaveText("۰ از ۷ انجام شده");
  // A YouTube like at the seeded price (3,000 Rials, 60 % to the booster), 20 tasks a day, 7 days' hold.
  const task = steps.locator('[data-step="task"]');
  await expect(task).toContainText("۱٬۸۰۰ ریال");
  await expect(task).toContainText("۲۰ کار");
  await expect(steps.locator('[data-step="payout"]')).toContainText("۳٬۰۰۰٬۰۰۰ ریال");
  await expect(steps.locator('[data-step="payout"]')).toContainText("۹۱ روز");
  await expect(steps.locator('[data-step="profile"]').getByRole("link", { name: fa.booster.steps.profile.link })).toHaveAttribute(
    "href",
    "/dashboard/profile",
  );
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/checklist-booster-fa-phone.png", fullPage: true });

  await steps.getByRole("link", { name: fa.booster.steps.task.link }).click();
  await page.waitForURL("**/dashboard/earn_money");
});

test("en-US desktop: a producer's checklist follows the charge; on the profile the choice becomes both", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUpViaApi(page, { locale: "en-US" });
  await page.goto("/en-US/dashboard");
  const form = page.getByTestId("purpose-form");
  await form.getByLabel(en.purpose.options.grow.title).check();
  await form.getByRole("button", { name: en.purpose.save }).click();
  const steps = page.getByTestId("checklist-producer");
  await expect(steps.locator('[data-state="todo"]')).toHaveCount(4);
  await expect(steps.locator('[data-step="charge"]').getByRole("link", { name: en.producer.steps.charge.link })).toHaveAttribute(
    "href",
    "/en-US/dashboard/wallet/charge_wallet",
  );

  await fundWallet(page.request, 1_000_000);
  await page.reload();
  await expect(steps.locator('[data-step="charge"]')).toHaveAttribute("data-state", "done");
  await expect(steps.locator('[data-step="charge"]')).toContainText(en.states.done);
  await expect(page.getByTestId("checklist-producer-progress")).toHaveText("1 of 4 done");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/checklist-producer-en-desktop.png", fullPage: true });

  await page.goto("/en-US/dashboard/profile");
  const card = page.getByTestId("purpose-form");
  await expect(card.getByLabel(en.purpose.options.grow.title)).toBeChecked();
  await card.getByLabel(en.purpose.options.both.title).check();
  await card.getByRole("button", { name: en.purpose.save }).click();
  await expect(page.getByTestId("purpose-saved")).toHaveText(en.purpose.saved);
  await page.goto("/en-US/dashboard");
  await expect(page.getByTestId("checklist-producer")).toBeVisible();
  await expect(page.getByTestId("checklist-booster")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/checklist-both-en-desktop.png", fullPage: true });
});
