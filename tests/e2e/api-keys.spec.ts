import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { signUpOnPhone } from "./support/accounts";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

// API keys (issue 36) on the production build: a producer creates a key on a phone in Persian, sees its secret once,
// a program uses it through the panel-compatible endpoint, and the key's last use shows; in English on a desktop the
// key is revoked and the program is refused at once.

test("fa-IR phone, then en-US desktop: create a key, see it once, use it, revoke it", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const fa = faIR.integrations;
  const en = enUS.integrations;
  await page.setViewportSize(PHONE);
  await signUpOnPhone(page, "fa-IR");
  await page.goto("/dashboard/integrations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.titles.integrations);
  await expect(page.getByText(fa.list.empty)).toBeVisible();
  await page.getByRole("textbox", { name: fa.create.nameLabel, exact: true }).fill("پنل فروش");
  await page.getByRole("button", { name: fa.create.submit }).click();
  const secret = page.getByRole("textbox", { name: fa.secret.label, exact: true });
  await expect(secret).toBeVisible();
  const key = await secret.inputValue();
  expect(key).toMatch(/^tk_/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("api-key-secret-fa-phone.png"), fullPage: true });
  await page.getByRole("button", { name: fa.secret.done }).click();
  await expect(page.getByRole("textbox", { name: fa.secret.label, exact: true })).toHaveCount(0);

  // A program, with the key alone (no cookies): the panels' balance.
  const answer = await fetch(`${baseURL}/api/v2`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ key, action: "balance" }),
  });
  expect(await answer.json()).toEqual({ balance: "0", currency: "IRR" });
  await page.reload();
  await expect(page.getByTestId("api-key-last-used")).not.toHaveText(fa.list.neverUsed);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("api-keys-fa-phone.png"), fullPage: true });

  await page.setViewportSize(DESKTOP);
  await page.goto("/en-US/dashboard/integrations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(enUS.titles.integrations);
  await page.getByRole("button", { name: en.revoke.button }).click();
  await page.getByRole("button", { name: en.revoke.yes }).click();
  await expect(page.getByTestId("api-key")).toContainText(en.state.revoked);
  await page.screenshot({ path: test.info().outputPath("api-keys-en-desktop.png"), fullPage: true });
  const refused = await fetch(`${baseURL}/api/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key, action: "balance" }),
  });
  expect(refused.status).toBe(200);
  expect(((await refused.json()) as { error: string }).error).toBe(enUS.api.errors.api_key_invalid);
});
