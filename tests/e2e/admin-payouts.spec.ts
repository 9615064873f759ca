import { expect, test } from "./support/fixtures";
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import enUS from "../../messages/en-US.json" with { type: "json" };
import { signUpViaApi } from "./support/accounts";
import { adminContext } from "./support/admin";
import { verifyIdentity } from "./support/earn";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

// The back office's payouts (issue 17), on the production build with the Jibit rail pointed at the fake
// bank (playwright.config.ts): the rail and its balance, the queue's tabs, and the withdrawals switch as a
// booster then meets it; the membership plans screen: the seeded three, one added and taken off sale.

test("fa-IR phone: the Jibit rail with its balance, the queue's tabs, and the withdrawals switch a booster then meets", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const m = faIR.admin.payouts;
  const admin = await adminContext(browser, baseURL!, { locale: "fa-IR" });
  const adminPage = await admin.newPage();
  await adminPage.setViewportSize(PHONE);
  await adminPage.goto("/admin/payouts");
  await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText(m.heading);
  await expect(adminPage.getByTestId("payout-rail")).toHaveAttribute("data-rail", "jibit");
  // The fake bank's balance, in Persian digits.
  await expect(adminPage.getByTestId("payout-rail-balance")).toHaveText(/^[۰-۹٬]+ ریال$/);
  const tabs = adminPage.getByRole("tab");
  await expect(tabs).toHaveText(Object.values(m.tabs));
  await adminPage.getByRole("tab", { name: m.tabs.active }).click();
  await expect(adminPage.getByText(m.tabIntro.active)).toBeVisible();

  // Off, after the confirmation: a verified booster's request is refused with SPEC's sentence in Persian.
  const booster = page;
  await signUpViaApi(booster, { locale: "fa-IR" });
  await verifyIdentity(booster.request, admin);
  const toggle = adminPage.getByTestId("withdrawals-switch");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await adminPage.getByRole("button", { name: m.withdrawals.turnOff }).last().click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  try {
    const refused = await booster.request.post("/api/payouts", { headers: { "X-Locale": "fa-IR" }, data: { amount: 3_000_000 } });
    expect(refused.status()).toBe(503);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(faIR.api.errors.withdrawals_disabled);
    await expectNoSidewaysScroll(adminPage);
    await adminPage.screenshot({ path: "test-results/screens/admin-payouts-fa-phone.png", fullPage: true });
  } finally {
    await toggle.click();
    await adminPage.getByRole("button", { name: m.withdrawals.turnOn }).last().click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
  }
  await admin.close();
});

test("en-US desktop: the plans in Rials and toman; a plan added, then taken off sale, which boosters no longer see", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const m = enUS.admin.plans;
  const admin = await adminContext(browser, baseURL!);
  const adminPage = await admin.newPage();
  await adminPage.setViewportSize(DESKTOP);
  await adminPage.goto("/en-US/admin/memberships");
  await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText(m.heading);
  await expect(adminPage.getByText(m.note)).toBeVisible();
  const table = adminPage.getByRole("table", { name: m.caption });
  for (const name of ["Bronze", "Silver", "Gold"]) await expect(table).toContainText(name);
  await expect(table).toContainText("1,200,000 Tomans");

  const code = `e2e${Date.now() % 1_000_000}`;
  const form = adminPage.getByTestId("plan-form");
  await form.getByLabel(m.fields.code).fill(code);
  for (const [language, name] of [
    ["فارسی", "آزمایشی"],
    ["English", "Trial"],
    ["Türkçe", "Deneme"],
    ["العربية", "تجريبي"],
  ] as const) {
    await form.getByRole("tab", { name: language }).click();
    await form.getByLabel(m.nameIn.replace("{language}", language)).fill(name);
  }
  await form.getByLabel(m.fields.price).fill("3000000");
  await expect(form.getByTestId("plan-toman")).toHaveText("300,000 Tomans");
  await form.getByLabel(m.fields.withdrawals_per_period).fill("3");
  await form.getByLabel(m.fields.invitations_per_period).fill("5");
  await form.getByRole("button", { name: m.create }).click();
  await expect(form.getByRole("alert").or(form.getByText(m.saved.replace("{name}", "Trial")))).toContainText("Trial");
  await expect(table).toContainText("Trial");
  await signUpViaApi(page);
  const plans = async () =>
    ((await (await page.request.get("/api/memberships/plans")).json()) as { data: { code: string }[] }).data.map((p) => p.code);
  expect(await plans()).toContain(code);

  // Off sale: kept in the back office, gone from the boosters' list.
  await adminPage.getByRole("button", { name: m.editFor.replace("{name}", "Trial") }).click();
  await adminPage.getByTestId("plan-form").getByLabel(m.fields.active).uncheck();
  await adminPage.getByTestId("plan-form").getByRole("button", { name: m.save }).click();
  await expect(table.getByRole("row").filter({ hasText: "Trial" })).toContainText(m.offSale);
  expect(await plans()).not.toContain(code);
  await expectNoSidewaysScroll(adminPage);
  await adminPage.screenshot({ path: "test-results/screens/admin-plans-en-desktop.png", fullPage: true });
  await admin.close();
});
