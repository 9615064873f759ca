import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { adminContext } from "./support/admin";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

// The back office's audit view (issue 18): an admin's action appears with who, what, to what and from where,
// filterable, in English on a desktop and in Persian on a phone.

test("en-US desktop, then fa-IR phone: the audit log shows the admin's own action and filters by it", async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL!);
  const reward = 400_000 + (Date.now() % 1000) * 100;
  expect((await admin.request.put("/api/admin/settings/invitations", { data: { reward } })).status()).toBe(200);

  const page = await admin.newPage();
  await page.setViewportSize(DESKTOP);
  await page.goto("/en-US/admin/audit");
  const a = enUS.admin.audit;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.heading);
  // Newest first: the action just taken is on the first page (a job's own entry may come in between).
  const mine = page.getByTestId("audit-entry").filter({ hasText: `{"reward":${reward}}` });
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute("data-action", "invitations.reward_set");
  await expect(mine).toContainText(a.targets.setting);

  await page.getByLabel(a.action).fill("invitations.");
  await page.getByRole("button", { name: a.filter }).click();
  // The list is read again with the filter: every entry shown is then one of the invitations' actions.
  const actions = () => page.getByTestId("audit-entry").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-action") ?? ""));
  await expect
    .poll(async () => {
      const shown = await actions();
      return shown.length > 0 && shown.every((action) => action.startsWith("invitations."));
    })
    .toBe(true);
  await page.getByLabel(a.action).fill("no.such.action");
  await page.getByRole("button", { name: a.filter }).click();
  await expect(page.getByText(a.empty)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-audit-en-desktop.png", fullPage: true });

  await page.setViewportSize(PHONE);
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.admin.audit.heading);
  await expect(page.getByTestId("audit-entry").filter({ hasText: `{"reward":${reward}}` })).toContainText(faIR.admin.audit.targets.setting);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-audit-fa-phone.png", fullPage: true });
  await admin.close();
});
