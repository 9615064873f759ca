import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { lastCode, signUpViaApi } from "./support/accounts";

/** Charges the signed-in user's wallet through the sandbox, by the API (the wallet spec covers the pages). */
async function fundWallet(request: APIRequestContext, amount: number) {
  const charged = await request.post("/api/wallet/charge", { data: { amount, gateway: "sandbox" } });
  expect(charged.status()).toBe(200);
  const { data } = (await charged.json()) as { data: { redirect_url: string } };
  const authority = data.redirect_url.split("/").at(-1)!;
  const decided = await request.post(`/api/payments/sandbox/${authority}/decision`, { data: { decision: "pay" } });
  const { data: decision } = (await decided.json()) as { data: { redirect_url: string } };
  await request.get(decision.redirect_url, { maxRedirects: 0 });
}

/** An admin session in its own browser context: login, then the code texted to the admin's phone. */
async function adminRequest(page: Page) {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const login = await context.request.post("/api/auth/login", { data: { credential: "09100000001", password: "Admin-Pass-2026!e2e" } });
  const body = (await login.json()) as { data: { otp?: { token: string } } };
  if (body.data.otp) {
    const code = await lastCode(context.request, "09100000001");
    const verified = await context.request.post("/api/auth/otp/verify", { data: { token: body.data.otp.token, code } });
    expect(verified.status()).toBe(200);
  }
  return context;
}

for (const { locale, prefix, m } of [
  { locale: "fa-IR", prefix: "", m: faIR },
  { locale: "en-US", prefix: "/en-US", m: enUS },
] as const) {
  test(`${locale}: a Smart YouTube campaign paid from the wallet, approved, paused and activated`, async ({ page }) => {
    await signUpViaApi(page, { locale });
    await fundWallet(page.request, 10_000_000);
    const c = m.campaigns;
    await page.goto(`${prefix}/dashboard/campaigns/create`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.titles.createCampaign);
    await page.getByRole("radio", { name: c.networks.youtube, exact: true }).check();
    await page.getByRole("radio", { name: new RegExp(`^${c.strategies.smart}`) }).check();
    await page.getByLabel(c.create.name).fill("Spring videos");
    await page.getByLabel(c.create.link.youtube).fill("https://example.com/not-youtube");
    await expect(page.getByText(m.api.validation.link_invalid)).toBeVisible();
    await page.getByLabel(c.create.link.youtube).fill("https://www.youtube.com/@takapoo_channel");
    await page.getByLabel(c.create.followerCount).fill("5000");
    await page.getByLabel(c.create.amount).fill("2000000");
    await expect(page.getByText(c.invoice.total).first()).toBeVisible();
    await page.getByRole("radio", { name: new RegExp(c.create.payWallet) }).check();
    await page.getByRole("checkbox", { name: c.create.policies }).check();
    await page.screenshot({ path: `test-results/screens/campaign-create-${locale}.png`, fullPage: true });
    await page.getByRole("button", { name: c.create.submit }).click();
    await page.waitForURL(`**${prefix}/dashboard/campaigns/view/**`);
    await expect(page.getByText(c.status.awaiting_review).first()).toBeVisible();
    const id = page.url().split("/").at(-1)!;

    // The admin approves it in the back office.
    const admin = await adminRequest(page);
    const adminPage = await admin.newPage();
    await adminPage.goto(`${prefix}/admin/campaigns`);
    await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText(m.admin.campaignQueue.heading);
    await adminPage
      .getByRole("link", { name: m.admin.campaignQueue.reviewFor.replace("{name}", "Spring videos") })
      .first()
      .click();
    await adminPage.waitForURL(`**/admin/campaigns/${id}`);
    await adminPage.getByRole("button", { name: m.admin.campaignReview.approve }).click();
    await expect(adminPage.getByText(m.admin.campaignReview.approved)).toBeVisible();
    await adminPage.screenshot({ path: `test-results/screens/admin-campaign-${locale}.png`, fullPage: true });
    await admin.close();

    await page.reload();
    await expect(page.getByText(c.status.active).first()).toBeVisible();
    await expect(page.getByText(c.invoice.total).first()).toBeVisible();
    await page.getByRole("button", { name: c.actions.pause }).click();
    await expect(page.getByText(m.api.messages.campaign_paused)).toBeVisible();
    await page.getByRole("button", { name: c.actions.activate }).click();
    await expect(page.getByText(m.api.messages.campaign_activated)).toBeVisible();
    await page.screenshot({ path: `test-results/screens/campaign-view-${locale}.png`, fullPage: true });

    await page.goto(`${prefix}/dashboard`);
    await expect(page.getByText("Spring videos").first()).toBeVisible();
  });
}

test("en-US: a campaign paid through the sandbox gateway waits for review once paid; a Trial is allowed once", async ({ page }) => {
  await signUpViaApi(page);
  const c = enUS.campaigns;
  await page.goto("/en-US/dashboard/campaigns/create");
  await page.getByRole("radio", { name: c.networks.instagram, exact: true }).check();
  await page.getByRole("radio", { name: new RegExp(`^${c.strategies.smart}`) }).check();
  await page.getByLabel(c.create.name).fill("Reels");
  await page.getByLabel(c.create.link.instagram).fill("https://www.instagram.com/takapoo.app/");
  await page.getByLabel(c.create.followerCount).fill("2000");
  await page.getByLabel(c.create.amount).fill("1000000");
  await page.getByRole("radio", { name: new RegExp(enUS.wallet.gateways.kinds.test.replace(/[()]/g, "\\$&")) }).check();
  await page.getByRole("checkbox", { name: c.create.policies }).check();
  await page.getByRole("button", { name: c.create.submit }).click();
  await page.waitForURL("**/sandbox-bank/**");
  await page.getByRole("button", { name: enUS.sandboxBank.pay, exact: true }).click();
  await page.waitForURL("**/dashboard/payment-result?tx=*");
  await page.goto("/en-US/dashboard/campaigns");
  await expect(page.getByText("Reels").first()).toBeVisible();
  await expect(page.getByText(c.status.awaiting_review).first()).toBeVisible();

  for (const attempt of [1, 2]) {
    await page.goto("/en-US/dashboard/campaigns/create");
    await page.getByRole("radio", { name: c.networks.youtube, exact: true }).check();
    await page.getByRole("radio", { name: new RegExp(`^${c.strategies.trial}`) }).check();
    await page.getByLabel(c.create.name).fill(`Trial ${attempt}`);
    await page.getByLabel(c.create.link.youtube).fill("https://youtu.be/dQw4w9WgXcQ");
    await page.getByLabel(c.create.followerCount).fill("100");
    await page.getByRole("checkbox", { name: c.create.policies }).check();
    await page.getByRole("button", { name: c.create.submit }).click();
    if (attempt === 1) await page.waitForURL("**/dashboard/campaigns/view/**");
    else await expect(page.getByText(enUS.api.errors.trial_already_created)).toBeVisible();
  }
});
