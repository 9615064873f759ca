import type { Locator } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { campaignOf, createCampaign, walletBalance } from "./support/campaigns";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { addDays, tehranDay, tehranMonthOf } from "../../lib/time/tehran";
import { signUpViaApi } from "./support/accounts";
import { adminContext } from "./support/admin";
import { fundWallet } from "./support/earn";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

/**
 * Issue 32, changing a campaign on the production build: a producer paces a running Smart campaign and sees
 * the day it finishes at that pace, moves its end, tops it up from the wallet, and runs a rejected one again
 * from a create form filled in from it. Everything goes through the real API; the figures are read back from it.
 */
type CampaignAnswer = {
  id: string;
  budget: number;
  expected_end: string | null;
  ends_at: string | null;
  name: string;
  minimum_monthly_cost: number | null;
  monthly: { amount: number | null; month: string; for_tasks: number; spent: number; left: number; renews_on: string | null } | null;
};

const LOCALES = [
  {
    locale: "fa-IR",
    prefix: "",
    m: faIR,
    size: { width: 360, height: 800 },
    digits: (text: string) => text.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!),
  },
  { locale: "en-US", prefix: "/en-US", m: enUS, size: DESKTOP, digits: (text: string) => text },
] as const;

for (const { locale, prefix, m, size, digits } of LOCALES) {
  test(`${locale} at ${size.width}×${size.height}: pace, end date, top-up from the wallet and run again`, async ({ page, baseURL }) => {
    test.slow();
    await page.setViewportSize(size);
    await signUpViaApi(page, { locale });
    await fundWallet(page.request, 10_000_000);
    const running = await createCampaign(page, { name: "Changes live" });
    const rejected = await createCampaign(page, { name: "Changes rejected", amount: 1_000_000 });
    const admin = await adminContext(page.context().browser()!, baseURL!);
    expect((await admin.request.post(`/api/admin/campaigns/${running}/approve`)).status()).toBe(200);
    expect(
      (
        await admin.request.post(`/api/admin/campaigns/${rejected}/reject`, { data: { reason: "The link is not the channel's own." } })
      ).status(),
    ).toBe(200);
    await admin.close();
    const c = m.campaigns;

    await page.goto(`${prefix}/dashboard/campaigns/view/${running}`);
    // The invoice says each line's guarantee, and the view until when the campaign is guaranteed.
    await expect(page.getByTestId("invoice-refill").first()).toBeVisible();
    await expect(page.getByTestId("campaign-guarantee")).toContainText(c.guarantee.until.split("<time>")[0]!.trim());
    // The specifications' labels wrap rather than push their values off a phone's screen.
    await expectNoSidewaysScroll(page);

    // Pace: 10 units a day from 9 to 17, Tehran time; the expected end is the API's, in the locale's calendar.
    const pace = page.getByRole("region", { name: c.pace.title });
    await expect(pace).toContainText(c.pace.none);
    await pace.getByRole("button", { name: c.pace.set }).click();
    await pace.getByLabel(c.pace.perDay).fill(digits("10"));
    await pace.getByLabel(c.pace.hoursFrom).selectOption("9");
    await pace.getByLabel(c.pace.hoursTo).selectOption("17");
    await expectNoSidewaysScroll(page);
    await pace.screenshot({ path: `test-results/screens/campaign-pace-form-${locale}.png` });
    await pace.getByRole("button", { name: c.pace.save }).click();
    const expectedEnd = pace.getByTestId("pace-expected-end");
    await expect(expectedEnd).toBeVisible();
    const paced = await campaignOf<CampaignAnswer>(page, running);
    expect(paced.expected_end).not.toBeNull();
    await expect(expectedEnd.locator("time")).toHaveAttribute("datetime", paced.expected_end!);
    await expect(pace.getByRole("button", { name: c.pace.change })).toBeFocused();
    // 10 a day is too slow to deliver everything before its end (30 days after approval): the card says so.
    await expect(pace.getByTestId("pace-after-end")).toBeVisible();
    if (locale === "fa-IR") {
      await expect(expectedEnd).toContainText(/[۰-۹]+ (فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند) [۰-۹]{4}/);
      await expect(pace.getByTestId("campaign-pace")).toContainText("۰۹:۰۰");
      expect(await expectedEnd.innerText()).not.toMatch(/[0-9]/);
    }

    // The end date: 45 Tehran days from today.
    const end = page.getByRole("region", { name: c.endDate.title });
    await end.getByRole("button", { name: c.endDate.open }).click();
    const day = addDays(tehranDay(new Date()), 45);
    await end.getByLabel(c.endDate.label).fill(day);
    await end.getByRole("button", { name: c.endDate.save }).click();
    await expect(end.getByTestId("campaign-end").locator("time")).toHaveAttribute("datetime", day);
    expect(tehranDay(new Date((await campaignOf<CampaignAnswer>(page, running)).ends_at!))).toBe(day);
    await expect(pace.getByTestId("pace-after-end").locator("time")).toHaveAttribute("datetime", day);

    // Top up 1,000,000 Rials from the wallet: 10,000,000 less the campaign's 2,000,000 (the rejected one's came back).
    expect(await walletBalance(page)).toBe(8_000_000);
    const topUp = page.getByRole("region", { name: c.topUp.title });
    await topUp.getByRole("button", { name: c.topUp.open }).click();
    await topUp.getByLabel(c.topUp.amount).fill(digits("1,000,000").replace(/,/g, locale === "fa-IR" ? "٬" : ","));
    await expectNoSidewaysScroll(page);
    await topUp.screenshot({ path: `test-results/screens/campaign-top-up-form-${locale}.png` });
    await topUp.getByRole("button", { name: c.topUp.send }).click();
    const done = topUp.getByTestId("top-up-done");
    await expect(done).toBeVisible();
    await expect(done).toContainText(digits("3,000,000").replace(/,/g, locale === "fa-IR" ? "٬" : ","));
    expect((await campaignOf<CampaignAnswer>(page, running)).budget).toBe(3_000_000);
    expect(await walletBalance(page)).toBe(7_000_000);

    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/campaign-changes-${locale}.png`, fullPage: true });

    // Run again: the rejected campaign's create form comes filled in from it.
    await page.goto(`${prefix}/dashboard/campaigns/view/${rejected}`);
    await expect(page.getByRole("region", { name: c.changes.title })).toHaveCount(0);
    await page.getByTestId("campaign-run-again").click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/campaigns/create\\?from=${rejected}$`));
    await expect(page.getByTestId("create-from-campaign")).toContainText("Changes rejected");
    await expect(page.getByLabel(c.create.name)).toHaveValue("Changes rejected");
    await expect(page.getByLabel(c.create.link.youtube)).toHaveValue("https://www.youtube.com/@takapoo_changes");
    await expect(page.getByLabel(c.create.amount)).toHaveValue(digits("1,000,000").replace(/,/g, locale === "fa-IR" ? "٬" : ","));
    await expect(page.getByTestId("invoice-total")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/campaign-run-again-${locale}.png`, fullPage: true });
  });
}

for (const { locale, prefix, m, size, digits } of LOCALES) {
  test(`${locale} at ${size.width}×${size.height}: a top-up paid at the gateway grows the campaign once the bank says so`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize(size);
    await signUpViaApi(page, { locale });
    await fundWallet(page.request, 2_000_000);
    const id = await createCampaign(page, { name: "Top-up by card" });
    const admin = await adminContext(page.context().browser()!, baseURL!);
    expect((await admin.request.post(`/api/admin/campaigns/${id}/approve`)).status()).toBe(200);
    await admin.close();
    // The wallet is empty now: the top-up is paid at the (sandbox) bank, not from it.
    expect(await walletBalance(page)).toBe(0);
    const c = m.campaigns;
    const rials = (text: string) => digits(text).replace(/,/g, locale === "fa-IR" ? "٬" : ",");

    await page.goto(`${prefix}/dashboard/campaigns/view/${id}`);
    const topUp = page.getByRole("region", { name: c.topUp.title });
    await topUp.getByRole("button", { name: c.topUp.open }).click();
    await topUp.getByLabel(c.topUp.amount).fill(rials("1,000,000"));
    await topUp.getByRole("radio", { name: new RegExp(m.wallet.gateways.kinds.test.replace(/[()]/g, "\\$&")) }).check();
    await expectNoSidewaysScroll(page);
    await topUp.screenshot({ path: `test-results/screens/campaign-top-up-gateway-${locale}.png` });
    await topUp.getByRole("button", { name: c.topUp.sendGateway }).click();

    // At the bank: nothing has moved yet.
    await page.waitForURL("**/sandbox-bank/**");
    expect((await campaignOf<CampaignAnswer>(page, id)).budget).toBe(2_000_000);
    await page.getByRole("button", { name: m.sandboxBank.pay, exact: true }).click();

    // Back from the bank: the result in the page's language, and the way back to the campaign.
    await page.waitForURL(`**${prefix}/dashboard/payment-result?tx=*`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.paymentResult.paid.title);
    await expect(page.getByText(rials("1,000,000")).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/campaign-top-up-paid-${locale}.png`, fullPage: true });
    await page.getByRole("link", { name: m.paymentResult.backToCampaignView }).click();
    await page.waitForURL(`**${prefix}/dashboard/campaigns/view/${id}`);

    // The campaign grew by the top-up, the wallet did not pay for it, and the campaign's payments list it as a top-up.
    expect((await campaignOf<CampaignAnswer>(page, id)).budget).toBe(3_000_000);
    expect(await walletBalance(page)).toBe(0);
    await expect(page.getByTestId("payment-intent").filter({ hasText: m.wallet.intents.campaign_top_up, visible: true })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/campaign-top-up-payments-${locale}.png`, fullPage: true });
  });
}

test("a Smart campaign run month by month: fa-IR on a phone sets it from the wallet, en-US on a desktop stops renewing", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await signUpViaApi(page, { locale: "fa-IR" });
  await fundWallet(page.request, 10_000_000);
  const id = await createCampaign(page, { name: "Month by month" });
  const admin = await adminContext(page.context().browser()!, baseURL!);
  expect((await admin.request.post(`/api/admin/campaigns/${id}/approve`)).status()).toBe(200);
  await admin.close();
  // The minimum monthly cost is the API's (one unit of each line a day for 30 days, the fee inside); the wallet gets it on top.
  const minimum = (await campaignOf<CampaignAnswer>(page, id)).minimum_monthly_cost!;
  expect(minimum).toBeGreaterThan(0);
  await fundWallet(page.request, minimum);
  const before = await walletBalance(page);
  expect(before).toBe(8_000_000 + minimum);
  const fa = (n: number) => new Intl.NumberFormat("fa-IR").format(n);
  // The card whole, below the sticky header rather than under it.
  const shoot = async (card: Locator, path: string) => {
    await card.evaluate((element) => element.scrollIntoView({ block: "end" }));
    await card.screenshot({ path });
  };
  const c = faIR.campaigns.monthly;

  await page.goto(`/dashboard/campaigns/view/${id}`);
  const card = page.getByRole("region", { name: c.title });
  await expect(card.getByTestId("monthly-minimum")).toContainText(fa(minimum));
  await expect(card).toContainText(c.none);
  await card.getByRole("button", { name: c.start }).click();
  const amount = card.getByLabel(c.amountField);
  await expect(amount).toBeFocused();
  await expect(card.getByText(c.chargedNow)).toBeVisible();
  await amount.fill(fa(minimum));
  await expectNoSidewaysScroll(page);
  await shoot(card, "/tmp/shots/monthly-form-fa-IR-360.png");
  await card.getByRole("button", { name: c.save }).click();
  await expect(card).toContainText(faIR.api.messages.campaign_monthly_changed);

  // This month's budget, as the API has it: charged from the wallet now, the whole amount.
  const set = await campaignOf<CampaignAnswer>(page, id);
  expect(set.monthly).toMatchObject({ amount: minimum, month: tehranMonthOf(tehranDay(new Date())), spent: 0 });
  expect(await walletBalance(page)).toBe(before - minimum);
  const month = card.getByTestId("monthly-this-month");
  await expect(month).toContainText(fa(minimum));
  await expect(month).toContainText(fa(set.monthly!.for_tasks));
  await expect(month).toContainText(fa(set.monthly!.left));
  await expect(month).toContainText(/(فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند) [۰-۹]{4}/);
  await expect(card.getByTestId("monthly-renews").locator("time")).toHaveAttribute("datetime", set.monthly!.renews_on!);
  expect(await card.innerText()).not.toMatch(/[0-9]/);
  // The lowered balance, as the form shows it: this month has its budget, a new amount waits for the next.
  await card.getByRole("button", { name: c.change }).click();
  await expect(card.getByLabel(c.amountField)).toHaveAccessibleDescription(new RegExp(fa(before - minimum)));
  await expect(card.getByLabel(c.amountField)).toHaveAccessibleDescription(new RegExp(c.fromNextMonth.split("؛")[0]!));
  await card.getByRole("button", { name: c.cancel }).click();
  await expectNoSidewaysScroll(page);
  await shoot(card, "/tmp/shots/monthly-fa-IR-360.png");

  // en-US on a desktop: the same month, then no more renewing.
  const e = enUS.campaigns.monthly;
  await page.setViewportSize(DESKTOP);
  await page.goto(`/en-US/dashboard/campaigns/view/${id}`);
  const enCard = page.getByRole("region", { name: e.title });
  await expect(enCard.getByTestId("monthly-this-month")).toContainText(new Intl.NumberFormat("en-US").format(set.monthly!.left));
  await expectNoSidewaysScroll(page);
  await shoot(enCard, "/tmp/shots/monthly-en-US-1280.png");
  await enCard.getByRole("button", { name: e.stop }).click();
  await expect(enCard).toContainText(enUS.api.messages.campaign_monthly_stopped);
  // This month's budget is paid and still shown; the campaign ends with the month.
  await expect(enCard.getByTestId("monthly-ends")).toHaveText(e.endsWithMonth);
  await expect(enCard.getByTestId("monthly-this-month")).toContainText(e.notRenewed);
  expect((await campaignOf<CampaignAnswer>(page, id)).monthly).toMatchObject({ amount: null, renews_on: null, left: set.monthly!.left });
  expect(await walletBalance(page)).toBe(before - minimum);
  await shoot(enCard, "/tmp/shots/monthly-stopped-en-US-1280.png");
});
