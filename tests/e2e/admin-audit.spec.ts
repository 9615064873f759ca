import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { adminContext } from "./support/admin";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

// The back office's audit view (issue 18): an admin's action appears with who, what, to what and from where,
// filterable, in English on a desktop and in Persian on a phone. Issue 34: actions by name in the reader's language,
// the people and what they own linked, details as "field: value" (money as money), no raw ids or JSON.

test("en-US desktop, then fa-IR phone: the audit log shows the admin's own action and filters by it", async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL!);
  const reward = 400_000 + (Date.now() % 1000) * 100;
  expect((await admin.request.put("/api/admin/settings/invitations", { data: { reward } })).status()).toBe(200);
  expect((await admin.request.patch("/api/me", { data: { purpose: "both" } })).status()).toBe(200);
  const adminId = ((await (await admin.request.get("/api/me")).json()) as { data: { id: string } }).data.id;

  const page = await admin.newPage();
  await page.setViewportSize(DESKTOP);
  await page.goto("/en-US/admin/audit");
  const a = enUS.admin.audit;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.heading);
  // Newest first: the action just taken is on the first page (a job's own entry may come in between).
  const rewardText = enUS.money.amount.replace("{amount}", reward.toLocaleString("en-US"));
  const mine = page.getByTestId("audit-entry").filter({ hasText: rewardText });
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute("data-action", "invitations.reward_set");
  await expect(mine).toContainText(a.actions.invitations.reward_set);
  await expect(mine).toContainText(a.targets.setting);
  await expect(mine.getByTestId("audit-details")).toHaveText(`${a.fields.reward}: ${rewardText}`);
  await expect(mine).not.toContainText("{");
  // The profile change: the person linked (no id shown), the fields by name.
  const profile = page.locator('[data-action="user.profile_updated"]').first();
  await expect(profile).toContainText(a.actions.user.profile_updated);
  await expect(profile.getByTestId("audit-target").getByRole("link")).toHaveAttribute("href", `/en-US/admin/users/${adminId}`);
  await expect(profile.getByTestId("audit-details")).toContainText(`${a.fields.fields}: ${a.fields.purpose}`);
  await expect(profile).not.toContainText(adminId);

  await page.getByLabel(a.action).selectOption({ label: a.actions.invitations.reward_set });
  await page.getByRole("button", { name: a.filter }).click();
  // The list is read again with the filter: every entry shown is then one of the invitations' actions.
  const actions = () => page.getByTestId("audit-entry").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-action") ?? ""));
  await expect
    .poll(async () => {
      const shown = await actions();
      return shown.length > 0 && shown.every((action) => action.startsWith("invitations."));
    })
    .toBe(true);
  await page.getByLabel(a.action).selectOption({ label: a.actions.payout.reverse });
  await page.getByLabel(a.targetType).selectOption({ label: a.targets.pricing });
  await page.getByRole("button", { name: a.filter }).click();
  await expect(page.getByText(a.empty)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-audit-en-desktop.png", fullPage: true });

  await page.setViewportSize(PHONE);
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.admin.audit.heading);
  const fa = faIR.admin.audit;
  const persian = page.locator('[data-action="invitations.reward_set"]').first();
  await expect(persian).toContainText(fa.actions.invitations.reward_set);
  await expect(persian).toContainText(fa.targets.setting);
  await expect(persian.getByTestId("audit-details")).toContainText(fa.fields.reward);
  await expect(persian.getByTestId("audit-details")).not.toContainText(/[0-9]/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-audit-fa-phone.png", fullPage: true });
  await admin.close();
});
