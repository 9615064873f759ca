import type { Route } from "@playwright/test";
import { expect, test, type Page } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import type { Delivery } from "../../lib/schemas/activities";
import { etaOf } from "../../lib/campaigns/delivery";
import { addDays } from "../../lib/time/tehran";
import { liveCampaign } from "./support/earn";
import { DESKTOP, expectNoSidewaysScroll } from "./support/layout";

/**
 * Issue 32: a campaign's delivery over time, on the production build. The campaign is real (paid from the
 * wallet, approved by the admin) and so is its GET campaigns/{id}/delivery?days=90 answer; the server cannot
 * approve work on past days, so the browser is given 30 days of history ending on the answer's own last day
 * (the rollup behind it is tested on PostgreSQL in tests/api/campaigns/delivery.test.ts). fa-IR gets a
 * counted network counter (a hidden-free subscriber count); en-US keeps the server's own network answer.
 */
function history(last: string): Delivery["days"] {
  return Array.from({ length: 30 }, (_, index) => {
    const reviewed = 3 + ((index * 5) % 7);
    const autoChecked = 10 + ((index * 7) % 13);
    const watched = index % 4 === 0 ? 4 : 0;
    const dropped = index === 12 ? 6 : index === 21 ? 3 : 0;
    const refilled = index === 13 ? 4 : index === 14 ? 2 : index === 22 ? 3 : 0;
    return {
      day: addDays(last, index - 29),
      delivered: reviewed + autoChecked + watched,
      auto_checked: autoChecked,
      watched,
      reviewed,
      dropped,
      refilled,
    };
  });
}

const sum = (days: Delivery["days"], key: Exclude<keyof Delivery["days"][number], "day">) =>
  days.reduce((total, day) => total + day[key], 0);

/** Answers the panel's delivery request with the server's answer and 30 days of history (and, when asked, a counted network). */
async function withHistory(page: Page, campaignId: string, counted: boolean) {
  const asked: string[] = [];
  await page.route(`**/api/campaigns/${campaignId}/delivery**`, async (route: Route) => {
    asked.push(route.request().url());
    const response = await route.fetch();
    expect(response.status()).toBe(200);
    const real = ((await response.json()) as { data: Delivery }).data;
    const last = real.days.at(-1)!.day;
    const days = history(last);
    const delivered = sum(days, "delivered") - sum(days, "dropped");
    const data: Delivery = {
      ...real,
      delivered,
      auto_checked: sum(days, "auto_checked") - sum(days, "dropped"),
      watched: sum(days, "watched"),
      reviewed: sum(days, "reviewed"),
      dropped: sum(days, "dropped"),
      refilled: sum(days, "refilled"),
      days,
      // The expected end at the history's rate, as the server works it out (lib/campaigns/delivery.ts).
      eta: etaOf(days, real.eta.remaining, last),
      ...(counted
        ? {
            network: {
              status: "counted" as const,
              start: { subscribers: 12_400, views: 480_000, likes: null, comments: null, subscribers_hidden: false },
              start_at: `${days[0]!.day}T09:00:00.000Z`,
              days: days.map((day, index) => ({
                day: day.day,
                subscribers: 12_400 + Math.round((index * 1_010) / 29),
                views: 480_000 + index * 1_700,
                likes: null,
                comments: null,
                subscribers_hidden: false,
              })),
            },
          }
        : {}),
    };
    await route.fulfill({ response, json: { data } });
  });
  return asked;
}

for (const { locale, prefix, m, size, counted } of [
  { locale: "fa-IR", prefix: "", m: faIR, size: { width: 360, height: 800 }, counted: true },
  { locale: "en-US", prefix: "/en-US", m: enUS, size: DESKTOP, counted: false },
] as const) {
  test(`${locale} at ${size.width}×${size.height}: 30 days of delivery as a chart and a table of the same numbers`, async ({
    page,
    admin,
  }) => {
    await page.setViewportSize(size);
    const id = await liveCampaign(page, admin, "Delivery chart", "https://www.youtube.com/@takapoo_delivery", "youtube", "smart", {
      locale,
    });
    const asked = await withHistory(page, id, counted);
    const d = m.campaigns.delivery;

    await page.goto(`${prefix}/dashboard/campaigns/view/${id}`);
    await page.getByRole("tab", { name: m.campaigns.view.tabs.activities }).click();
    const panel = page.getByTestId("campaign-delivery-panel");
    const table = panel.getByRole("table", { name: d.caption });
    await expect(table).toBeVisible();
    expect(new URL(asked[0]!).searchParams.get("days")).toBe("90");

    // The same 30 days in the table, newest first, and on the chart (uPlot, fetched when the chart shows, draws its canvas).
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(30);
    const chart = panel.getByRole("img", { name: new RegExp(`^${d.chartLabel.split("{from}")[0]}`) });
    await expect(chart.locator("canvas").first()).toBeVisible();
    const box = await chart.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.width).toBeLessThanOrEqual(size.width);

    const newest = rows.first();
    if (locale === "fa-IR") {
      // Jalali month names and Persian digits, nothing in Latin digits.
      await expect(newest.locator("th")).toHaveText(
        /^[۰-۹]+ (فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند) [۰-۹]{4}$/,
      );
      expect(await table.locator("tbody").innerText()).not.toMatch(/[0-9]/);
      // The campaign bought views per post (not subscribers): the views counter is the one set beside ours.
      await expect(panel.getByTestId("network-sentence")).toContainText("۴۸۰٬۰۰۰");
      await expect(panel.getByTestId("network-sentence")).toContainText("۵۲۹٬۳۰۰");
      await expect(
        panel.getByRole("img", { name: new RegExp(m.campaigns.networkCounter.chartLabel.split("{counter}")[1]!) }),
      ).toBeVisible();
      // The page runs right to left, so does the time axis (the screenshot shows the oldest day on the right).
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).direction)).toBe("rtl");
    } else {
      await expect(newest.locator("th")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      const network = m.campaigns.networkCounter;
      await expect(panel.getByTestId("delivery-network")).toContainText(
        new RegExp(`${network.notYet}|${network.notAvailable}|${network.sentence.split(":")[1]!.split("{start}")[0]!.trim()}`),
      );
    }
    await expect(panel.getByTestId("delivery-eta")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/campaign-delivery-${locale}.png`, fullPage: true });
    await panel.screenshot({ path: `test-results/screens/campaign-delivery-panel-${locale}.png` });
  });
}
