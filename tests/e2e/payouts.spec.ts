import { expect, test } from "./support/fixtures";
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import enUS from "../../messages/en-US.json" with { type: "json" };
import { signUpOnPhone, signUpViaApi } from "./support/accounts";
import { fundWallet, verifyIdentity } from "./support/earn";
import { DESKTOP, expectNoSidewaysScroll } from "./support/layout";

const fa = faIR.payouts;
const en = enUS.payouts;

// The payouts pages (issue 17): a verified booster with wallet money only (no test route gives earnings without the
// whole earn flow) buys a plan from the wallet on a phone in Persian, then meets the API's refusal on the request page;
// in English on a desktop, someone new sees the tabs, the empty list, the plans in toman and why no payout is possible.

test("fa-IR phone: buy a plan from the wallet, see the membership, and the API's refusal on the request page", async ({ page, admin }) => {
  test.setTimeout(90_000);
  await signUpOnPhone(page, "fa-IR");
  await verifyIdentity(page.request, admin);
  await fundWallet(page.request, 5_000_000);

  await page.goto("/dashboard/payouts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.titles.payouts);
  await expect(page.getByTestId("membership-none")).toContainText(fa.membership.none);
  await expect(page.getByTestId("payouts-empty")).toHaveText(fa.list.empty);

  // Bronze: 2,000,000 Rials, quoted as 200,000 toman, paid from the wallet (the earnings are empty, so it is preselected).
  const bronze = page.getByTestId("plan-bronze");
  await expect(bronze).toContainText("۲۰۰٬۰۰۰ تومان");
  await bronze.getByRole("button", { name: fa.plans.action.new }).click();
  const wallet = bronze.getByRole("radio", { name: new RegExp(fa.plans.sources.wallet) });
  await expect(wallet).toBeChecked();
  await expect(bronze.getByRole("radio", { name: new RegExp(fa.plans.sources.earnings) })).not.toBeChecked();
  await expect(bronze.getByText("موجودی: ۵٬۰۰۰٬۰۰۰ ریال")).toBeVisible();
  await bronze.getByRole("button", { name: fa.plans.confirm }).click();
  await expect(page.getByTestId("plan-bought")).toBeVisible();
  await expect(page.getByTestId("membership-plan")).toHaveText("برنزی");
  await expect(page.getByTestId("membership")).toContainText("۲ از ۲");
  await expect(bronze.getByRole("button", { name: fa.plans.action.renewal })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "/tmp/payouts-fa-phone.png", fullPage: true });

  // An upgrade says what it gives for its price before paying (issue 30): gold for the 30 days left costs the
  // difference per day and adds gold's extra payouts and invitations per day for those days — 6 and 15 — not gold's 24.
  const gold = page.getByTestId("plan-gold");
  await gold.getByRole("button", { name: fa.plans.action.upgrade }).click();
  const quote = gold.getByTestId("plan-quote");
  await expect(quote).toHaveAttribute("data-kind", "upgrade");
  await expect(quote).toContainText("۶ برداشت اضافه");
  await expect(quote).toContainText("۱۵ دعوت اضافه");
  await expect(quote).toContainText(/مبلغ پرداختی: ۱٬۹۹[۰-۹٬]+ ریال|مبلغ پرداختی: ۲٬۰۰۰٬۰۰۰ ریال/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/plan-upgrade-quote-fa-phone.png", fullPage: true });
  await gold.getByRole("radio", { name: new RegExp(fa.plans.sources.wallet) }).check();
  await gold.getByRole("button", { name: fa.plans.confirm }).click();
  await expect(page.getByTestId("membership-plan")).toHaveText("طلایی");
  await expect(page.getByTestId("membership")).toContainText("۸ از ۸");

  // The request page: earnings, the IBAN left to right with its bank, and the amount.
  await page.getByRole("link", { name: fa.request }).click();
  await page.waitForURL("**/dashboard/payouts/Create");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.titles.createPayout);
  await expect(page.getByTestId("payout-earnings")).toHaveText("۰ ریال");
  await expect(page.getByTestId("payout-iban").locator("[dir=ltr]")).toHaveText(/^IR/);
  await expect(page.getByText(faIR.banks.melli)).toBeVisible();

  // Below the bounds: the schema's message under the field, before any request.
  const amount = page.getByLabel(fa.create.amountLabel);
  await amount.fill("۱۰۰");
  await page.getByRole("button", { name: fa.create.submit }).click();
  await expect(page.locator("#" + (await amount.getAttribute("id")) + "-error")).toBeVisible();

  // Within the bounds: the API refuses (the earnings are lacking: a first IBAN does not wait) and its sentence is shown.
  const refused = await page.request.post("/api/payouts", { headers: { "X-Locale": "fa-IR" }, data: { amount: 3_000_000 } });
  expect(refused.status()).toBe(400);
  const { error } = (await refused.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe("ERR_INSUFFICIENT_BALANCE");
  await amount.fill("۳٬۰۰۰٬۰۰۰");
  await page.getByRole("button", { name: fa.create.submit }).click();
  await expect(page.getByRole("alert").filter({ hasText: error.message })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "/tmp/payouts-fa-phone-create.png", fullPage: true });
});

test("en-US desktop: tabs and the empty list, the plans in toman, and why a payout cannot be requested yet", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUpViaApi(page, { locale: "en-US" });
  await page.goto("/en-US/dashboard/payouts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(enUS.titles.payouts);
  await expect(page.getByTestId("membership-none")).toContainText(en.membership.none);
  await expect(page.getByTestId("plan-silver")).toContainText("500,000 Tomans");
  await expect(page.getByTestId("plan-silver")).toContainText("6 payouts per period");
  // Before buying, the form says what the purchase is: the whole plan for a whole period.
  await page.getByTestId("plan-silver").getByRole("button", { name: en.plans.action.new }).click();
  const quote = page.getByTestId("plan-silver").getByTestId("plan-quote");
  await expect(quote).toHaveAttribute("data-kind", "new");
  await expect(quote).toContainText("You pay 5,000,000 IRR.");
  await expect(quote).toContainText("with 6 payouts and 20 invitations");
  await page.getByTestId("plan-silver").getByRole("button", { name: en.plans.cancel }).click();

  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveText([en.list.tabs.all, en.list.tabs.paid, en.list.tabs.awaiting_approval, en.list.tabs.rejected]);
  await expect(page.getByTestId("payouts-empty")).toHaveText(en.list.empty);
  // Keyboard: the arrows move along the tabs and choose them.
  await page.getByRole("tab", { name: en.list.tabs.all }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: en.list.tabs.paid })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: en.list.tabs.rejected }).click();
  await expect(page.getByTestId("payouts-empty")).toHaveText(en.list.empty);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "/tmp/payouts-en-desktop.png", fullPage: true });

  await page.getByRole("link", { name: en.request }).click();
  await page.waitForURL("**/en-US/dashboard/payouts/Create");
  await expect(page.getByTestId("payout-blocked-identity")).toContainText(en.create.blocked.identity);
  await expect(page.getByRole("link", { name: en.create.blocked.toProfile })).toHaveAttribute("href", "/en-US/dashboard/profile");
  await expect(page.getByLabel(en.create.amountLabel)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "/tmp/payouts-en-desktop-create.png", fullPage: true });
});

test("en-US desktop: a bronze member sees what upgrading to silver gives for its price, and a second tab's purchase is refused", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUpViaApi(page, { locale: "en-US" });
  await fundWallet(page.request, 8_000_000);
  const plans = (await (await page.request.get("/api/memberships/plans")).json()) as { data: { id: string; code: string }[] };
  const idOf = (code: string) => plans.data.find((plan) => plan.code === code)!.id;
  expect((await page.request.post("/api/memberships", { data: { plan_id: idOf("bronze"), pay_from: "wallet" } })).status()).toBe(201);

  await page.goto("/en-US/dashboard/payouts");
  const silver = page.getByTestId("plan-silver");
  await silver.getByRole("button", { name: en.plans.action.upgrade }).click();
  const quote = silver.getByTestId("plan-quote");
  await expect(quote).toHaveAttribute("data-kind", "upgrade");
  // 30 days × (5,000,000 / 30 − 2,000,000 / 30) ≈ 3,000,000 Rials; (6 − 2) and (20 − 5) more for those days.
  await expect(quote).toContainText(/You pay (2,99\d,\d{3}|3,000,000) IRR\./);
  await expect(quote).toContainText("4 extra payouts and 15 extra invitations, in proportion to what you pay");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/plan-upgrade-quote-en-desktop.png", fullPage: true });

  // Another tab upgrades first; this one's purchase is now a different one and is refused, not charged.
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const otherPage = await other.newPage();
  expect(
    (
      await otherPage.request.post("/api/memberships", {
        data: { plan_id: idOf("silver"), pay_from: "wallet" },
        headers: { "X-Locale": "en-US" },
      })
    ).status(),
  ).toBe(201);
  await other.close();
  await silver.getByRole("radio", { name: new RegExp(en.plans.sources.wallet) }).check();
  await silver.getByRole("button", { name: en.plans.confirm }).click();
  await expect(silver.getByRole("alert")).toHaveText(enUS.api.errors.membership_changed);
  await expect(page.getByTestId("membership-plan")).toHaveText("Silver");
});
