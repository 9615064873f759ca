import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE } from "../../lib/auth/cookies";
import { PASSWORD, signUpViaApi } from "./support/accounts";
import { DESKTOP, PHONE } from "./support/layout";

// The router prefetches the guarded pages a signed-out panel page links to (the wallet in the header). The
// guard must not answer those prefetches with its redirect to log in (proxy.ts): the router kept it and,
// once the person had logged in, followed it — the wallet led back to the login page and on to the
// dashboard, or did nothing (a person banned then let back in met the same on the dashboard).

for (const { locale, prefix, viewport, messages } of [
  { locale: "en-US", prefix: "/en-US", viewport: DESKTOP, messages: enUS },
  { locale: "fa-IR", prefix: "", viewport: PHONE, messages: faIR },
] as const) {
  test(`${locale}: a guarded page the router prefetched while signed out opens once logged in`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const { phone } = await signUpViaApi(page, { locale });
    // Signed out, the browser still trusted for the code step (its device cookie kept).
    for (const name of [ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE]) await page.context().clearCookies({ name });
    const wallet = `${prefix}/dashboard/wallet`;
    const prefetch = page.waitForResponse(
      (response) => response.request().headers()["next-router-prefetch"] !== undefined && new URL(response.url()).pathname === wallet,
    );
    await page.goto(`${prefix}/dashboard/campaigns`);
    await expect(page.getByText(messages.panel.signIn.body)).toBeVisible();
    expect((await prefetch).status()).toBe(204);

    await page.getByRole("link", { name: messages.panel.signIn.login, exact: true }).click();
    await page.getByLabel(messages.auth.login.credential).fill(phone);
    await page.getByLabel(messages.auth.login.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: messages.auth.login.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/dashboard/campaigns`);

    await page.getByTestId("wallet-balance").click();
    await page.waitForURL((url) => url.pathname === wallet);
    await expect(page.getByRole("heading", { name: messages.wallet.balancesTitle })).toBeVisible();
    await expect(page.getByText(messages.wallet.signIn.body)).toHaveCount(0);
    await page.screenshot({ path: `test-results/screens/prefetched-wallet-${locale}.png`, fullPage: true });
  });
}
