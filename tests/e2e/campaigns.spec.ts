import { expect, test, type BrowserContext, type Page } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { signUpViaApi } from "./support/accounts";
import { fundWallet, verifyIdentity } from "./support/earn";
import { adminContext } from "./support/admin";

/**
 * A booster in a browser of their own: signs up, fills the profile and sends a card photo, the admin
 * approves the identity; then takes the campaign's like task, submits the post, and the admin approves the work.
 */
async function boosterLikes(page: Page, admin: BrowserContext, campaignId: string) {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const booster = await context.newPage();
  await signUpViaApi(booster);
  const api = booster.request;
  await verifyIdentity(api, admin);

  const tasks = (await (await api.get("/api/tasks?per_page=100")).json()) as { data: { id: string }[] };
  expect(tasks.data.map((t) => t.id)).toContain(`${campaignId}.likes`);
  const started = await api.post(`/api/tasks/${campaignId}.likes/start`);
  expect(started.status()).toBe(201);
  const { data: activity } = (await started.json()) as { data: { id: string } };
  const submitted = await api.post(`/api/activities/${activity.id}/submit`, {
    data: { post_link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
  });
  expect(submitted.status()).toBe(200);
  expect((await admin.request.post(`/api/admin/activities/${activity.id}/approve`)).status()).toBe(200);
  await context.close();
  return activity.id;
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
    const admin = await adminContext(page.context().browser()!, new URL(page.url()).origin);
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
    const activityId = await boosterLikes(page, admin, id);
    await admin.close();

    await page.reload();
    await expect(page.getByText(c.status.active).first()).toBeVisible();
    await expect(page.getByText(c.invoice.total).first()).toBeVisible();
    await expect(page.getByTestId("invoice-settlement")).toHaveText(c.invoice.settlement.paid);
    await page.getByRole("button", { name: c.actions.pause }).click();
    await expect(page.getByText(m.api.messages.campaign_paused)).toBeVisible();
    await page.getByRole("button", { name: c.actions.activate }).click();
    await expect(page.getByText(m.api.messages.campaign_activated)).toBeVisible();
    await page.screenshot({ path: `test-results/screens/campaign-view-${locale}.png`, fullPage: true });

    // The booster's approved like, in the Activities tab (masked), then on its own page with the post link and a way back.
    await page.getByRole("tab", { name: c.view.tabs.activities }).click();
    const a = c.activities;
    const row = page.getByTestId("activities-table").getByRole("row").nth(1);
    await expect(row).toContainText(a.actions.like);
    await expect(row).toContainText("S*** T***");
    await expect(row).toContainText(a.status.approved);
    await expect(row).not.toContainText("Sara");
    await page.screenshot({ path: `test-results/screens/campaign-activities-${locale}.png`, fullPage: true });
    await row
      .getByRole("link", { name: a.detailsOf.replace("{action}", a.actions.like).replace("{booster}", "\u2068S*** T***\u2069") })
      .click();
    await page.waitForURL(`**${prefix}/dashboard/campaigns/view/${id}/activities/${activityId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      a.detailTitle.replace("{action}", a.actions.like).replace("{booster}", "\u2068S*** T***\u2069"),
    );
    await expect(page.getByTestId("activity-post-link")).toHaveAttribute("href", /dQw4w9WgXcQ/);
    await page.screenshot({ path: `test-results/screens/activity-detail-${locale}.png`, fullPage: true });
    await page.getByTestId("activity-back").click();
    await page.waitForURL(`**${prefix}/dashboard/campaigns/view/${id}/activities`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.titles.campaignActivities);
    await expect(page.getByTestId("activities-table")).toContainText(a.status.approved);

    await page.goto(`${prefix}/dashboard`);
    await expect(page.getByText("Spring videos").first()).toBeVisible();
    await page.screenshot({ path: `test-results/screens/dashboard-${locale}.png`, fullPage: true });
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
    // A Trial is free: its button starts it rather than paying.
    await page.getByRole("button", { name: c.create.submitFree }).click();
    if (attempt === 1) await page.waitForURL("**/dashboard/campaigns/view/**");
    else await expect(page.getByText(enUS.api.errors.trial_already_created)).toBeVisible();
  }
});

test("fa-IR: the channel is found by its name through the YouTube search, filling the link and the follower count", async ({ page }) => {
  await signUpViaApi(page, { locale: "fa-IR" });
  const c = faIR.campaigns;
  await page.goto("/dashboard/campaigns/create");
  const search = page.getByRole("combobox", { name: c.channelSearch.label });
  await search.fill("@sara.cooks");
  const option = page.getByRole("option").filter({ hasText: "آشپزی با سارا" });
  await expect(option).toBeVisible();
  // Subscribers in Persian digits, compact ("1.3 million").
  await expect(option).toContainText("۱٫۳");
  await page.screenshot({ path: "test-results/screens/channel-search-fa-IR.png", fullPage: true });
  await option.click();
  await expect(page.getByLabel(c.create.link.youtube)).toHaveValue("https://www.youtube.com/@sara.cooks");
  await expect(page.getByLabel(c.create.name)).toHaveValue("آشپزی با سارا");
  await expect(page.getByLabel(c.create.followerCount)).toHaveValue("1250000");
  // Instagram has no search: the box goes away.
  await page.getByRole("radio", { name: c.networks.instagram, exact: true }).check();
  await expect(page.getByRole("combobox", { name: c.channelSearch.label })).toHaveCount(0);
});

test("fa-IR: a campaign left at the gateway's page is paid later from the wallet and goes to review", async ({ page }) => {
  await signUpViaApi(page, { locale: "fa-IR" });
  const c = faIR.campaigns;
  const pay = c.payments.pay;
  await page.goto("/dashboard/campaigns/create");
  await page.getByRole("radio", { name: c.networks.instagram, exact: true }).check();
  await page.getByRole("radio", { name: new RegExp(`^${c.strategies.smart}`) }).check();
  await page.getByLabel(c.create.name).fill("Abandoned reels");
  await page.getByLabel(c.create.link.instagram).fill("https://www.instagram.com/takapoo.app/");
  await page.getByLabel(c.create.followerCount).fill("2000");
  await page.getByLabel(c.create.amount).fill("1000000");
  await page.getByRole("radio", { name: new RegExp(faIR.wallet.gateways.kinds.test.replace(/[()]/g, "\\$&")) }).check();
  await page.getByRole("checkbox", { name: c.create.policies }).check();
  await page.getByRole("button", { name: c.create.submit }).click();
  // The bank page is left without paying; the wallet is charged afterwards.
  await page.waitForURL("**/sandbox-bank/**");
  await fundWallet(page.request, 10_000_000);

  await page.goto("/dashboard/campaigns");
  await page.getByRole("link", { name: "Abandoned reels" }).first().click();
  await page.waitForURL("**/dashboard/campaigns/view/**");
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(header.getByText(c.status.awaiting_payment)).toBeVisible();
  const payments = page.getByTestId("payments-table");
  await expect(payments).toContainText(faIR.wallet.status.pending);
  const button = payments.getByRole("button", { name: new RegExp(`^${pay.button}`) });
  await expect(button).toBeVisible();
  await expect(page.getByTestId("invoice-settlement")).toHaveText(c.invoice.settlement.unpaid);
  await page.getByRole("heading", { name: c.payments.title }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/campaign-pay-from-wallet-fa-IR.png", fullPage: true });

  // The confirmation names the amount; it is worked with the keyboard: Cancel has the focus, Tab reaches Pay.
  await button.click();
  const dialog = page.getByRole("dialog", { name: pay.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(faIR.money.amount.replace("{amount}", ""));
  await expect(dialog.getByRole("button", { name: pay.cancel })).toBeFocused();
  await page.screenshot({ path: "test-results/screens/campaign-pay-confirm-fa-IR.png", fullPage: true });
  await page.keyboard.press("Tab");
  const confirm = dialog.getByRole("button", { name: new RegExp(`^${pay.confirm.replace("{amount}", "")}`) });
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByTestId("pay-from-wallet-outcome")).toHaveText(faIR.api.messages.campaign_payment_completed);
  await expect(dialog).toBeHidden();
  await expect(header.getByText(c.status.awaiting_review)).toBeVisible();
  await expect(payments.getByRole("button", { name: new RegExp(`^${pay.button}`) })).toHaveCount(0);
  await expect(payments).toContainText(faIR.wallet.status.paid);
  // The invoice follows: paid, not the "left to pay" of the moment the campaign was created.
  await expect(page.getByTestId("invoice-settlement")).toHaveText(c.invoice.settlement.paid);
  await page.screenshot({ path: "test-results/screens/campaign-paid-from-wallet-fa-IR.png", fullPage: true });
});

for (const { locale, prefix, m, width } of [
  { locale: "fa-IR", prefix: "", m: faIR, width: 360 },
  { locale: "en-US", prefix: "/en-US", m: enUS, width: 1440 },
] as const) {
  test(`${locale}: a short wallet charges exactly the difference at the sandbox bank and comes back to the same form, which then pays the typed total`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page, { locale });
    await fundWallet(page.request, 1_200_000);
    const c = m.campaigns;
    await page.goto(`${prefix}/dashboard/campaigns/create`);
    await page.getByLabel(c.create.name).fill("Short wallet");
    await page.getByLabel(c.create.link.youtube).fill("https://www.youtube.com/@takapoo_channel");
    await page.getByLabel(c.create.followerCount).fill("5000");
    await page.getByLabel(c.create.amount).fill("2000000");
    // Before confirming: what is paid in all, and the fee inside it (2,000,000 = 1,818,182 + 181,818).
    const summary = page.getByTestId("invoice-summary");
    await expect(summary).toBeVisible();
    const short = page.getByTestId("short-wallet");
    await expect(short).toBeVisible();
    await page.screenshot({ path: `test-results/screens/campaign-short-wallet-${locale}-${width}.png`, fullPage: true });
    await short.getByRole("button").first().click();
    await page.waitForURL("**/sandbox-bank/**");
    // The bank asks for exactly what was missing.
    await expect(page.getByText(locale === "fa-IR" ? "۸۰۰٬۰۰۰" : "800,000").first()).toBeVisible();
    await page.getByRole("button", { name: m.sandboxBank.pay, exact: true }).click();
    await page.waitForURL("**/dashboard/payment-result?tx=*");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.paymentResult.paid.title);
    await page.getByRole("link", { name: m.paymentResult.backToCampaign }).click();
    await page.waitForURL("**/dashboard/campaigns/create?draft=*");
    await expect(page.getByText(c.create.short.restored)).toBeVisible();
    await expect(page.getByLabel(c.create.name)).toHaveValue("Short wallet");
    await expect(page.getByLabel(c.create.followerCount)).toHaveValue("5000");
    await expect(page.getByLabel(c.create.amount)).toHaveValue("2000000");
    await expect(page.getByTestId("invoice-total")).toBeVisible();
    await expect(short).toHaveCount(0);
    await page.screenshot({ path: `test-results/screens/campaign-restored-${locale}-${width}.png`, fullPage: true });
    await page.getByRole("checkbox", { name: c.create.policies }).check();
    await page.getByRole("button", { name: c.create.submit }).click();
    await page.waitForURL(`**${prefix}/dashboard/campaigns/view/**`);
    // Charged exactly the typed total: the wallet is empty, and the one payment is that total.
    const { data: wallet } = (await (await page.request.get("/api/wallet")).json()) as { data: { wallet_balance: number } };
    expect(wallet.wallet_balance).toBe(0);
    const id = page.url().split("/").at(-1)!;
    const { data: payments } = (await (await page.request.get(`/api/campaigns/${id}/payments`)).json()) as {
      data: { amount: number; intent: string }[];
    };
    expect(payments.map((p) => [p.intent, p.amount])).toEqual([["campaign_creation", 2_000_000]]);
    await expect(page.getByTestId("invoice-total")).toBeVisible();
    await page.screenshot({ path: `test-results/screens/campaign-total-view-${locale}-${width}.png`, fullPage: true });
  });
}
