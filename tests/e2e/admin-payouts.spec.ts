import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./support/fixtures";
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import enUS from "../../messages/en-US.json" with { type: "json" };
import { signUpViaApi } from "./support/accounts";
import { adminContext } from "./support/admin";
import { boosterWithEarnings, fundWallet, verifyIdentity } from "./support/earn";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

// The back office's payouts (issue 17), on the production build with the Jibit rail pointed at the fake
// bank (playwright.config.ts): the rail and its balance, the queue's tabs, and the withdrawals switch as a
// booster then meets it; the membership plans screen: the seeded three, one added and taken off sale; and one
// payout from the booster's request to the fake bank's payment, each side in its own language and size.

/** A bronze plan for the page's user, paid from the wallet (charged for it first). */
async function buyBronze(booster: Page) {
  await fundWallet(booster.request, 2_000_000);
  const plans = ((await (await booster.request.get("/api/memberships/plans")).json()) as { data: { id: string; code: string }[] }).data;
  const bought = await booster.request.post("/api/memberships", {
    data: { plan_id: plans.find((p) => p.code === "bronze")!.id, pay_from: "wallet" },
  });
  expect(bought.status()).toBe(201);
}

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
  // A real rail and a real SMS provider: not a demo installation, so no demo clock (issue 34).
  await expect(toggle).toBeVisible();
  await expect(adminPage.getByTestId("demo-clock")).toHaveCount(0);
  // Nor a demo's world: its producer has no account here (and no campaign of its was made); the legal pages are here.
  const demoProducer = await booster.request.post("/api/auth/login", {
    data: { credential: "09120000101", password: "Takapoo-Demo-2026" },
  });
  expect(demoProducer.status()).toBe(401);
  expect((await booster.request.get("/pages/privacy")).status()).toBe(200);
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
  admin,
}) => {
  test.setTimeout(90_000);
  const m = enUS.admin.plans;
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

  // The reward per invited friend, under the plans: typed with separators, said back, kept.
  const rewardBefore = ((await (await admin.request.get("/api/admin/settings/invitations")).json()) as { data: { reward: number } }).data
    .reward;
  const reward = adminPage.getByTestId("invitation-reward-form");
  await reward.getByLabel(m.reward.label).fill("750,000");
  await reward.getByRole("button", { name: m.reward.save }).click();
  await expect(reward.getByText(m.reward.saved.replace("{amount}", "750,000 IRR"))).toBeVisible();
  const rewardAfter = ((await (await admin.request.get("/api/admin/settings/invitations")).json()) as { data: { reward: number } }).data;
  expect(rewardAfter.reward).toBe(750_000);
  await expectNoSidewaysScroll(adminPage);
  await adminPage.screenshot({ path: "test-results/screens/admin-plans-en-desktop.png", fullPage: true });
  expect((await admin.request.put("/api/admin/settings/invitations", { data: { reward: rewardBefore } })).status()).toBe(200);
});

test("a payout from request to paid: the booster on a phone in Persian, the admin on a desktop in English, the fake bank pays", async ({
  page: booster,
  admin,
}) => {
  test.setTimeout(180_000);
  const phone = await boosterWithEarnings(admin, booster);

  // The booster, in Persian on a phone: the bronze plan paid from earnings on the page (5,000,000 − 2,000,000 leaves
  // exactly the smallest payout), then the request.
  await booster.setViewportSize(PHONE);
  await booster.goto("/dashboard/payouts");
  const bronze = booster.getByTestId("plan-bronze");
  await bronze.getByRole("button", { name: faIR.payouts.plans.action.new }).click();
  await bronze.getByRole("radio", { name: new RegExp(faIR.payouts.plans.sources.earnings) }).check();
  await bronze.getByRole("button", { name: faIR.payouts.plans.confirm }).click();
  await expect(booster.getByTestId("plan-bought")).toBeVisible();
  await expect(booster.getByTestId("membership-plan")).toHaveText("برنزی");
  await booster.goto("/dashboard/payouts/Create");
  await expect(booster.getByTestId("payout-earnings")).toHaveText("۳٬۰۰۰٬۰۰۰ ریال");
  await expect(booster.getByTestId("payout-iban-owner")).toHaveText(faIR.payouts.create.ownerFormatOnly);
  await booster.getByLabel(faIR.payouts.create.amountLabel).fill("۳٬۰۰۰٬۰۰۰");
  await booster.getByRole("button", { name: faIR.payouts.create.submit }).click();
  await expect(booster.getByTestId("payout-created")).toBeVisible();

  // The admin, in English on a desktop: approve, send to the bank, ask the bank.
  const m = enUS.admin.payouts;
  const desk = await admin.newPage();
  await desk.setViewportSize(DESKTOP);
  await desk.goto("/en-US/admin/payouts");
  const phoneTail = new RegExp(phone.slice(-4));
  const card = desk.getByTestId("admin-payout").filter({ hasText: phoneTail });
  await expect(card).toContainText("3,000,000");
  await expect(card.getByTestId("payout-iban-check")).toHaveAttribute("data-status", "format_only");
  await card.getByRole("button", { name: new RegExp(`^${m.actions.approve}`) }).click();
  await expect(desk.getByText(/was approved/)).toBeVisible();
  await desk.getByRole("tab", { name: m.tabs.approved }).click();
  // Sent by the admin's button, or by the send job if its minute came first; either way once.
  const statusNow = async () => {
    for (const status of ["approved", "active", "confirmed"]) {
      const answer = (await (await admin.request.get(`/api/admin/payouts?status=${status}`)).json()) as {
        data: { id: string; user: { phone: string | null } }[];
      };
      if (answer.data.some((row) => phoneTail.test(row.user.phone ?? ""))) return status;
    }
    return null;
  };
  if ((await statusNow()) === "approved") {
    await desk.getByRole("button", { name: m.rail.submit }).click();
    await expect.poll(statusNow, { timeout: 20_000 }).not.toBe("approved");
  }
  expect(await statusNow()).toBe("active");
  await desk.reload();
  await desk.getByRole("tab", { name: m.tabs.active }).click();
  await expect(desk.getByRole("tab", { name: m.tabs.active })).toHaveAttribute("aria-selected", "true");
  const sent = desk.getByTestId("admin-payout").filter({ hasText: phoneTail });
  await expect(sent.getByTestId("payout-sla")).toBeVisible();
  await expect(sent).toContainText(m.rails.jibit);
  await sent.getByRole("button", { name: m.actions.inquire }).click();
  await expect(desk.getByText(/The bank's answer/)).toBeVisible();
  expect(await statusNow()).toBe("confirmed");
  await desk.getByRole("tab", { name: m.tabs.confirmed }).click();
  await expect(desk.getByRole("tab", { name: m.tabs.confirmed })).toHaveAttribute("aria-selected", "true");
  const paid = desk.getByTestId("admin-payout").filter({ hasText: phoneTail });
  await expect(paid).toContainText(/PAYA-\d+/);
  await expectNoSidewaysScroll(desk);
  await desk.screenshot({ path: "test-results/screens/admin-payout-paid-en-desktop.png", fullPage: true });

  // The booster sees it paid, with the bank's reference.
  await booster.goto("/dashboard/payouts");
  await booster.getByRole("tab", { name: faIR.payouts.list.tabs.paid }).click();
  await expect(booster.getByText(/PAYA-\d+/).filter({ visible: true })).toBeVisible();
  // And when it was paid, in the Persian calendar (it once read only when it was requested).
  const paidOn = booster.getByTestId("payout-paid-on").filter({ visible: true });
  await expect(paidOn).toContainText(faIR.payouts.list.paidOn.split("<time>")[0]!.trim());
  await expect(paidOn.locator("time")).toHaveText(/[۰-۹]/);
  await expectNoSidewaysScroll(booster);
  await booster.screenshot({ path: "test-results/screens/payout-paid-fa-phone.png", fullPage: true });
});

test("the manual rail in fa-IR on a desktop: approved, exported as the PAYA file, confirmed with the bank's reference", async ({
  page: booster,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const m = faIR.admin.payouts;
  const admin = await adminContext(browser, baseURL!, { locale: "fa-IR" });
  const phone = await boosterWithEarnings(admin, booster);
  await buyBronze(booster);
  const requested = await booster.request.post("/api/payouts", { data: { amount: 3_000_000 } });
  expect(requested.status(), await requested.text()).toBe(201);
  const payoutId = ((await requested.json()) as { data: { payout: { id: string } } }).data.payout.id;

  // This server sends through the fake Jibit; with its balance at 0 the send job leaves approved payouts alone, and
  // the page is shown the manual rail's answer — the export and the confirmation are the server's own.
  const jibit = `http://127.0.0.1:${process.env.E2E_JIBIT_PORT || 3215}/__fake/balance`;
  const balance = ((await (await admin.request.get("/api/admin/payouts/rail")).json()) as { data: { balance: number } }).data.balance;
  expect((await admin.request.post(jibit, { data: { amount: 0 } })).status()).toBe(200);
  try {
    const desk = await admin.newPage();
    await desk.setViewportSize(DESKTOP);
    await desk.route("**/api/admin/payouts/rail", (route) =>
      route.fulfill({ json: { data: { rail: "manual", automatic: false, balance: null, balance_error: null } } }),
    );
    await desk.goto("/admin/payouts");
    await expect(desk.getByTestId("payout-rail")).toHaveAttribute("data-rail", "manual");
    // The booster's number, as the page writes it: in Persian digits.
    const tail = phone.slice(-4);
    const theirs = new RegExp(`${tail}|${tail.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!)}`);
    const card = desk.getByTestId("admin-payout").filter({ hasText: theirs });
    await card.getByRole("button", { name: new RegExp(`^${m.actions.approve}`) }).click();
    await expect(desk.getByRole("tab", { name: m.tabs.pending })).toHaveAttribute("aria-selected", "true");

    const download = desk.waitForEvent("download");
    await desk.getByRole("button", { name: m.rail.export }).click();
    const file = await (await download).path();
    const csv = await readFile(file, "utf8");
    expect(csv.split("\n")[0]).toBe("payout_id,iban,amount_rials,name,national_id");
    expect(csv).toContain(`${payoutId},IR`);
    expect(csv).toContain(",3000000,Sara Test,");

    await desk.getByRole("tab", { name: m.tabs.active }).click();
    await expect(desk.getByRole("tab", { name: m.tabs.active })).toHaveAttribute("aria-selected", "true");
    const sent = desk.getByTestId("admin-payout").filter({ hasText: theirs });
    await expect(sent).toContainText(m.rails.manual);
    await sent.getByRole("button", { name: m.actions.confirm }).click();
    await sent.getByLabel(m.bankReference).fill("PAYA-1405-0912");
    await sent.getByRole("button", { name: m.send.confirm }).click();
    await desk.getByRole("tab", { name: m.tabs.confirmed }).click();
    await expect(desk.getByTestId("admin-payout").filter({ hasText: "PAYA-1405-0912" })).toBeVisible();
    await expectNoSidewaysScroll(desk);
    await desk.screenshot({ path: "test-results/screens/admin-payout-manual-fa-desktop.png", fullPage: true });
    const seen = (await (await booster.request.get(`/api/payouts/${payoutId}`)).json()) as {
      data: { status: string; bank_reference: string };
    };
    expect(seen.data).toMatchObject({ status: "confirmed", bank_reference: "PAYA-1405-0912" });
  } finally {
    await admin.request.post(jibit, { data: { amount: balance } });
    await admin.close();
  }
});
