import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { signUpViaApi } from "./support/accounts";
import { fundWallet } from "./support/earn";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

/**
 * Issue 32, a pace chosen at purchase on the production build: the create form's pace card, the invoice's
 * day the campaign would be delivered by before paying (the API's, in the locale's calendar), and the
 * created campaign's view showing the pace it was bought with.
 */
for (const { locale, prefix, m, size, digits } of [
  {
    locale: "fa-IR",
    prefix: "",
    m: faIR,
    size: PHONE,
    digits: (text: string) => text.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!),
  },
  { locale: "en-US", prefix: "/en-US", m: enUS, size: DESKTOP, digits: (text: string) => text },
] as const) {
  test(`${locale} at ${size.width}×${size.height}: a pace chosen on the create form, its end on the invoice`, async ({ page }) => {
    await page.setViewportSize(size);
    await signUpViaApi(page, { locale });
    await fundWallet(page.request, 5_000_000);
    const c = m.campaigns;
    await page.goto(`${prefix}/dashboard/campaigns/create`);
    await page.getByLabel(c.create.name).fill("Paced from the start");
    await page.getByLabel(c.create.link.youtube).fill("https://www.youtube.com/@takapoo_paced");
    await page.getByLabel(c.create.followerCount).fill(digits("5000"));
    await page.getByLabel(c.create.amount).fill(digits("2000000"));
    await expect(page.getByTestId("invoice-total")).toBeVisible();
    // Unpaced, the invoice names no day.
    await expect(page.getByTestId("invoice-expected-end")).toHaveCount(0);

    const pace = page.getByRole("region", { name: c.create.paceTitle });
    await pace.getByLabel(c.pace.perDay).fill(digits("20"));
    await pace.getByLabel(c.pace.hoursFrom).selectOption("9");
    await pace.getByLabel(c.pace.hoursTo).selectOption("21");
    const expectedEnd = page.getByTestId("invoice-expected-end");
    await expect(expectedEnd).toBeVisible();
    const day = await expectedEnd.locator("time").getAttribute("datetime");
    // The same day the API quotes for the same order.
    const quoted = await page.request.post("/api/campaigns/quote", {
      data: {
        name: "Paced from the start",
        network: "youtube",
        strategy: "smart",
        link: "https://www.youtube.com/@takapoo_paced",
        follower_count: 5000,
        amount: 2_000_000,
        gateway: "wallet",
        per_day: 20,
        hours_from: 9,
        hours_to: 21,
      },
    });
    expect(((await quoted.json()) as { data: { expected_end: string } }).data.expected_end).toBe(day);
    if (locale === "fa-IR") expect(await expectedEnd.innerText()).not.toMatch(/[0-9]/);
    await expectNoSidewaysScroll(page);
    await pace.screenshot({ path: `test-results/screens/campaign-create-pace-${locale}.png` });
    await page.getByTestId("invoice-totals").screenshot({ path: `test-results/screens/campaign-create-invoice-${locale}.png` });
    await page.screenshot({ path: `test-results/screens/campaign-create-paced-${locale}.png`, fullPage: true });

    await page.getByRole("checkbox", { name: c.create.policies }).check();
    await page.getByRole("button", { name: c.create.submit }).click();
    await page.waitForURL(`**${prefix}/dashboard/campaigns/view/**`);
    const card = page.getByTestId("campaign-pace");
    await expect(card).toContainText(digits("20"));
    await expect(card).toContainText(digits("09:00"));
    const id = page.url().split("/").at(-1)!;
    const campaign = (
      (await (await page.request.get(`/api/campaigns/${id}`)).json()) as { data: { pace: object; invoice: { expected_end: string } } }
    ).data;
    expect(campaign.pace).toEqual({ per_day: 20, per_hour: null, hours_from: 9, hours_to: 21, starts_on: null });
    expect(campaign.invoice.expected_end).toBe(day);
  });
}
