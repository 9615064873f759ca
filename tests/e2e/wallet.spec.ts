import { expect, test, type Page } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import trTR from "../../messages/tr-TR.json" with { type: "json" };
import { LOCALE_COOKIE } from "../../lib/i18n/locales";
import { DESKTOP, PHONE } from "./support/layout";
import { signUpViaApi } from "./support/accounts";

const w = faIR.wallet;
const persian = (text: string) => text.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);

async function chargeThroughSandbox(page: Page, amountTyped: string, decision: "pay" | "cancel") {
  await page.goto("/dashboard/wallet/charge_wallet");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.titles.chargeWallet);
  await page.getByLabel(w.chargePage.amountLabel).fill(amountTyped);
  await expect(page.getByText(w.chargePage.amountWords.replace("{words}", "۱ میلیون ریال"))).toBeVisible();
  await page.getByRole("radio", { name: new RegExp(w.gateways.kinds.test.replace(/[()]/g, "\\$&")) }).check();
  await page.screenshot({ path: `test-results/screens/charge-wallet-fa-${decision}.png`, fullPage: true });
  await page.getByRole("button", { name: w.chargePage.submit }).click();
  await page.waitForURL("**/sandbox-bank/**");
  await expect(page.getByText(faIR.sandboxBank.banner)).toBeVisible();
  await page.screenshot({ path: `test-results/screens/sandbox-bank-fa.png`, fullPage: true });
  await page.getByRole("button", { name: decision === "pay" ? faIR.sandboxBank.pay : faIR.sandboxBank.cancel, exact: true }).click();
  await page.waitForURL("**/dashboard/payment-result?tx=*");
}

test("fa-IR: charge 1,000,000 Rials through the sandbox, see the result, the wallet and the header follow", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page, { locale: "fa-IR" });
  await page.goto("/dashboard/wallet");
  await expect(page.getByText(w.statement.empty)).toBeVisible();

  await chargeThroughSandbox(page, "۱٬۰۰۰٬۰۰۰", "pay");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.paymentResult.paid.title);
  await expect(page.getByText(`${persian("1,000,000").replace(/,/g, "٬")} ریال`).first()).toBeVisible();
  await expect(page.getByTestId("wallet-balance")).toContainText("۱٬۰۰۰٬۰۰۰ ریال");
  await page.screenshot({ path: "test-results/screens/payment-result-paid-fa.png", fullPage: true });

  await page.getByRole("link", { name: faIR.paymentResult.toWallet }).click();
  await page.waitForURL("**/dashboard/wallet");
  await expect(page.getByText("۱٬۰۰۰٬۰۰۰ ریال").first()).toBeVisible();
  await page.getByRole("tab", { name: w.statement.tabs.paid }).click();
  await expect(page.getByText(w.statement.kinds.charge).filter({ visible: true }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/wallet-fa.png", fullPage: true });
});

test("fa-IR: a cancelled payment shows failure and a failed transaction", async ({ page }) => {
  await signUpViaApi(page, { locale: "fa-IR" });
  await chargeThroughSandbox(page, "1000000", "cancel");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.paymentResult.failed.title);
  await page.screenshot({ path: "test-results/screens/payment-result-failed-fa.png", fullPage: true });
  await page.goto("/dashboard/wallet");
  await page.getByRole("tab", { name: w.statement.tabs.failed }).click();
  await expect(page.getByText(w.statement.statuses.failed).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByTestId("wallet-balance")).toContainText("۰ ریال");
});

/**
 * Issue 33: a payment comes back in the language it began in. The account speaks Persian; the charge begins on
 * /en-US with no language cookie, then on /tr-TR with a Persian cookie: the bank page and the result page
 * stay in the language of the page the payment began on (the return used to carry none, so the proxy chose).
 */
for (const { start, m, cookie } of [
  { start: "en-US", m: enUS, cookie: null },
  { start: "tr-TR", m: trTR, cookie: "fa-IR" },
] as const) {
  test(`a charge begun on /${start} (language cookie: ${cookie ?? "none"}) comes back to /${start}`, async ({ page, baseURL }) => {
    await page.setViewportSize(start === "en-US" ? DESKTOP : PHONE);
    await signUpViaApi(page, { locale: "fa-IR" });
    if (cookie) await page.context().addCookies([{ name: LOCALE_COOKIE, value: cookie, url: baseURL! }]);
    await page.goto(`/${start}/dashboard/wallet/charge_wallet`);
    await page.getByLabel(m.wallet.chargePage.amountLabel).fill("1000000");
    await page.getByRole("radio", { name: new RegExp(m.wallet.gateways.kinds.test.replace(/[()]/g, "\\$&")) }).check();
    await page.getByRole("button", { name: m.wallet.chargePage.submit }).click();
    await page.waitForURL(`**/${start}/sandbox-bank/**`);
    await page.getByRole("button", { name: m.sandboxBank.pay, exact: true }).click();
    await page.waitForURL(`**/${start}/dashboard/payment-result?tx=*`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.paymentResult.paid.title);
    await expect(page.locator("html")).toHaveAttribute("lang", start);
    await page.screenshot({ path: `test-results/screens/payment-result-began-${start}.png`, fullPage: true });
  });
}
