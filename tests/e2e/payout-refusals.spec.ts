import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { melliIban } from "./support/accounts";
import { boosterWithEarnings } from "./support/earn";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

const en = enUS.payouts.create;
const errors = enUS.api.errors;

// Every rule that stops a payout, met on the request page by a booster with 5,000,000 Rials of earnings (issue 17):
// no plan, more than the earnings, the admins' switch, the plan's withdrawals used up, and a changed IBAN's wait with
// its date — each said in the reader's language with what to do. The plan here allows one withdrawal a period.

test("en-US desktop, then fa-IR phone: each refusal on the request page, with its reason and what to do", async ({
  page: booster,
  admin,
}) => {
  test.setTimeout(180_000);
  await boosterWithEarnings(admin, booster);
  const code = `one${Date.now() % 1_000_000}`;
  const names = { "fa-IR": "یک‌بار", "en-US": "Just once", "tr-TR": "Bir kez", "ar-AE": "مرة واحدة" };
  const plan = {
    code,
    names,
    price: 1_000_000,
    period_days: 30,
    withdrawals_per_period: 1,
    invitations_per_period: 0,
    retention_days: null,
    daily_task_bonus: 0,
    active: true,
  };
  const created = await admin.request.post("/api/admin/membership-plans", { data: plan });
  expect(created.status(), await created.text()).toBe(201);
  const planId = ((await created.json()) as { data: { id: string } }).data.id;

  try {
    await booster.setViewportSize(DESKTOP);
    // No plan: the page says why and links to the plans.
    await booster.goto("/en-US/dashboard/payouts/Create");
    await expect(booster.getByTestId("payout-blocked-membership")).toContainText(en.blocked.membership);
    await booster.getByRole("link", { name: en.blocked.toPlans }).click();
    await booster.waitForURL("**/en-US/dashboard/payouts#plans");

    // The one-withdrawal plan, paid from earnings (5,000,000 − 1,000,000 leaves 4,000,000).
    const card = booster.getByTestId(`plan-${code}`);
    await card.getByRole("button", { name: enUS.payouts.plans.action.new }).click();
    await card.getByRole("radio", { name: new RegExp(enUS.payouts.plans.sources.earnings) }).check();
    await card.getByRole("button", { name: enUS.payouts.plans.confirm }).click();
    await expect(booster.getByTestId("plan-bought")).toBeVisible();

    await booster.goto("/en-US/dashboard/payouts/Create");
    await expect(booster.getByTestId("payout-earnings")).toHaveText("4,000,000 IRR");
    const amount = booster.getByLabel(en.amountLabel);
    const submit = booster.getByRole("button", { name: en.submit });
    const alert = (text: string) => booster.getByRole("alert").filter({ hasText: text });

    // More than the earnings (within the SPEC bounds): ERR_INSUFFICIENT_BALANCE's sentence.
    await amount.fill("4,500,000");
    await submit.click();
    await expect(alert(errors.ERR_INSUFFICIENT_BALANCE)).toBeVisible();

    // The admins' switch off: SPEC's sentence; on again whatever happens.
    const setSwitch = (enabled: boolean) => admin.request.put("/api/admin/settings/withdrawals", { data: { enabled } });
    expect((await setSwitch(false)).status()).toBe(200);
    try {
      await amount.fill("3,000,000");
      await submit.click();
      await expect(alert(errors.withdrawals_disabled)).toBeVisible();
      expect(errors.withdrawals_disabled).toBe("Withdrawal functionality is temporarily disabled.");
    } finally {
      expect((await setSwitch(true)).status()).toBe(200);
    }

    // Allowed: held at once; the plan's one withdrawal is used, so the page now says so and offers the plans.
    await submit.click();
    await expect(booster.getByTestId("payout-created")).toBeVisible();
    await booster.reload();
    await expect(booster.getByTestId("payout-blocked-withdrawals")).toContainText(en.blocked.withdrawals);
    await expect(booster.getByLabel(en.amountLabel)).toHaveCount(0);
    await expectNoSidewaysScroll(booster);
    await booster.screenshot({ path: "test-results/screens/payout-refusals-en-desktop.png", fullPage: true });

    // A changed IBAN (allowed once verified): the profile and the request page both say until when, in Persian.
    await booster.setViewportSize(PHONE);
    await booster.goto("/dashboard/profile");
    await booster.getByLabel(faIR.profile.fields.iban).fill(melliIban("200324200002"));
    await booster.getByRole("button", { name: faIR.profile.bank.save }).click();
    const waitNote = booster.getByTestId("iban-payouts-from");
    await expect(waitNote).toContainText("برداشت به این شماره شبا از");
    await expect(waitNote).toHaveText(/[۰-۹]/);
    await booster.goto("/dashboard/payouts/Create");
    const waiting = booster.getByTestId("payout-blocked-iban-wait");
    await expect(waiting).toContainText("شماره شبای شما به‌تازگی تغییر کرده است");
    await expect(waiting).toHaveText(/[۰-۹]/);
    await expect(booster.getByLabel(faIR.payouts.create.amountLabel)).toHaveCount(0);
    await expectNoSidewaysScroll(booster);
    await booster.screenshot({ path: "test-results/screens/payout-refusals-fa-phone.png", fullPage: true });
  } finally {
    await admin.request.put(`/api/admin/membership-plans/${planId}`, { data: { ...plan, active: false } });
  }
});
