import { expect, test, type Page } from "./support/fixtures";
import { campaignOf, createCampaign, walletBalance } from "./support/campaigns";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { signUpViaApi } from "./support/accounts";
import { fundWallet } from "./support/earn";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

/**
 * Issue 32, a campaign that ends short on the production build: a producer's Smart campaign, paid from the wallet
 * and approved, delivers nothing; its end passes (the complete-campaigns job run 31 days on by the test clock, no
 * sleeping) and what it could not deliver — its budget less the service fee — comes back to the wallet on its own,
 * once. The wallet shows the refund as its own line and the balance up by exactly that, the notifications say it
 * with the amount as the page writes money, and the campaign's view says it is settled. The figures are the API's.
 */
type CampaignAnswer = { id: string; status: string; budget: number; spent: number; ends_at: string | null; invoice: { fee: number } };
type TransactionAnswer = { id: string; amount: number; intent: string; status: string };

const NAME = "Ends short";

/** The wallet's refund lines, as the API lists them (a new producer has only a handful of transactions). */
async function refunds(page: Page): Promise<TransactionAnswer[]> {
  const answer = await page.request.get("/api/wallet/transactions?per_page=100");
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: TransactionAnswer[] }).data.filter((row) => row.intent === "refund");
}

for (const { locale, prefix, m, size, phone } of [
  { locale: "fa-IR", prefix: "", m: faIR, size: PHONE, phone: true },
  { locale: "en-US", prefix: "/en-US", m: enUS, size: DESKTOP, phone: false },
] as const) {
  test(`${locale} at ${size.width}×${size.height}: a campaign that ends short is refunded on its own; wallet and notification say so`, async ({
    page,
    admin,
  }) => {
    test.slow();
    // Money as the pages write it: the locale's digits and separators, then the currency (messages money.amount).
    const money = (rials: number) => m.money.amount.replace("{amount}", new Intl.NumberFormat(locale).format(rials));
    await page.setViewportSize(size);
    await signUpViaApi(page, { locale });
    await fundWallet(page.request, 5_000_000);
    const id = await createCampaign(page, { name: NAME, handle: "takapoo_refund" });
    expect((await admin.request.post(`/api/admin/campaigns/${id}/approve`)).status()).toBe(200);

    const live = await campaignOf<CampaignAnswer>(page, id);
    expect(live.status).toBe("active");
    expect(live.ends_at).not.toBeNull();
    expect(live.spent).toBe(0);
    // Nothing was delivered: all of the budget but the service fee (gone to revenue on approval) is owed back.
    const owed = live.budget - live.invoice.fee;
    expect(owed).toBeGreaterThan(0);
    expect(owed).toBeLessThan(live.budget);
    const before = await walletBalance(page);
    expect(before).toBe(5_000_000 - live.budget);
    expect(await refunds(page)).toEqual([]);

    // The campaign's end passes: the job as it runs every 5 minutes, but 31 days on (ends_at is 30 days after approval).
    const runLater = () => admin.request.post("/api/test-clock/run", { data: { job: "complete-campaigns", advance_seconds: 31 * 86_400 } });
    const ran = await runLater();
    const output = await ran.text();
    expect(ran.status(), output).toBe(200);
    expect(new Date(((await ran.json()) as { data: { now: string } }).data.now).getTime()).toBeGreaterThan(
      new Date(live.ends_at!).getTime(),
    );
    // Completed (its end passed on the run's clock) and settled, in that one run.
    expect((await campaignOf<CampaignAnswer>(page, id)).status, `the run 31 days on answered ${output}`).toBe("paid");
    const [refund, ...more] = await refunds(page);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ amount: owed, status: "paid" });
    expect(await walletBalance(page)).toBe(before + owed);
    // Once: the next run moves nothing more.
    expect((await runLater()).status()).toBe(200);
    expect(await refunds(page)).toHaveLength(1);
    expect(await walletBalance(page)).toBe(before + owed);

    // The wallet: the balance up by exactly the refund, and the refund its own line (a card on a phone, a row on a desktop).
    await page.goto(`${prefix}/dashboard/wallet`);
    await expect(page.getByTestId("wallet-title-balance")).toContainText(money(before + owed));
    const line = page
      .getByRole(phone ? "listitem" : "row")
      .filter({ hasText: m.wallet.statement.kinds.campaign_refund })
      .filter({ hasText: money(owed) });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(m.wallet.statement.statuses.paid);
    // Figures in the page's digits; only the receipt's reference (a code, as the CSV and support read it) is Latin.
    if (phone) expect((await line.innerText()).replace(/\b[0-9A-F]{8}\b/, "")).not.toMatch(/[0-9]/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/campaign-refund-wallet-${locale}.png`, fullPage: true });

    // The bell counts what happened unseen; its page says the refund with the amount as the wallet writes it.
    const bell = page.getByTestId("notification-count");
    await expect(page.getByTestId("notification-badge")).toBeVisible();
    await bell.click();
    await page.waitForURL(`**${prefix}/dashboard/notifications`);
    const note = page.locator('[data-testid="notification"][data-kind="campaign_refunded"]');
    await expect(note).toHaveCount(1);
    await expect(note).toContainText(
      m.notifications.kinds.campaign_refunded.replace("{amount}", money(owed)).replace("{campaign}", `\u2068${NAME}\u2069`),
    );
    await expect(page.locator('[data-testid="notification"][data-kind="campaign_paid"]')).toHaveCount(1);
    if (phone) expect(await note.innerText()).not.toMatch(/[0-9]/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/campaign-refund-notifications-${locale}.png`, fullPage: true });

    // The campaign's view: settled, and the refund among its payments.
    await page.goto(`${prefix}/dashboard/campaigns/view/${id}`);
    const header = page.locator("header").filter({ has: page.locator("#page-title") });
    await expect(header.getByText(m.campaigns.status.paid, { exact: true })).toBeVisible();
    const payments = page.locator("section").filter({ has: page.getByRole("heading", { name: m.campaigns.payments.title, exact: true }) });
    await expect(payments).toContainText(money(owed));
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/campaign-refund-campaign-${locale}.png`, fullPage: true });
  });
}
