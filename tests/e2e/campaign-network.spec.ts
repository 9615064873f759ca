import { expect, test, type Page } from "./support/fixtures";
import type { BrowserContext } from "@playwright/test";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { youtubePort } from "../../playwright.config";
import { liveCampaign } from "./support/earn";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

/**
 * Issue 32, the network's own counter on the production build, read by our production YouTube adapter from
 * the local fake of the Data API (tests/support/fake-youtube.ts): no screen injects it. The counter job runs
 * through the test clock (POST /api/test-clock/run), as the runner would run it, without waiting for its
 * schedule. fa-IR on a phone: a spent quota leaves the campaign "not yet" counted, the next run takes the
 * start count, tomorrow's run the new one. en-US on a desktop: a channel that hides its subscribers says so.
 */
const fake = `http://127.0.0.1:${youtubePort}`;
const DEMO = "UCtakapooDemoChannel0001";
const HIDDEN = "UCtakapooHiddenCount0001";

type Messages = typeof enUS;
type NetworkRun = { due: number; counted: number; started: number; calls: number; stopped: number };

/** The counter job, once, `advanceSeconds` ahead; what it did. */
async function countNetworks(admin: BrowserContext, advanceSeconds = 0): Promise<NetworkRun> {
  const ran = await admin.request.post("/api/test-clock/run", { data: { job: "network-counts", advance_seconds: advanceSeconds } });
  expect(ran.status(), await ran.text()).toBe(200);
  return ((await ran.json()) as { data: { output: NetworkRun } }).data.output;
}

async function fakeYoutube(page: Page, body: object) {
  expect((await page.request.post(`${fake}/__fake/youtube`, { data: body })).status()).toBe(200);
}

/** The campaign view's Activities tab, its network counter section. */
async function networkSection(page: Page, prefix: string, m: Messages, id: string) {
  await page.goto(`${prefix}/dashboard/campaigns/view/${id}`);
  await page.getByRole("tab", { name: m.campaigns.view.tabs.activities }).click();
  const section = page.getByTestId("delivery-network");
  await expect(section).toBeVisible();
  return section;
}

test(`fa-IR at ${PHONE.width}×${PHONE.height}: a spent quota waits, then the start count and the next day's count from YouTube`, async ({
  page,
  admin,
}) => {
  test.slow();
  const m = faIR;
  const n = m.campaigns.networkCounter;
  await page.setViewportSize(PHONE);
  await fakeYoutube(page, { channel: { id: DEMO, views: 1_000_000 } });
  const id = await liveCampaign(page, admin, "شمارنده", "https://www.youtube.com/@takapoo", "youtube", "smart", { locale: "fa-IR" });

  // The day's first call finds the quota spent: nothing is written, the run stops, the view says it is not counted yet.
  await fakeYoutube(page, { failNext: "quota" });
  expect(await countNetworks(admin)).toMatchObject({ counted: 0, stopped: 1 });
  let section = await networkSection(page, "", m, id);
  await expect(section).toContainText(n.notYet);

  // Google said the day's quota is spent: the next run asks nothing; ten minutes on, a run probes, YouTube
  // answers, and it counts: its start count (the channel's views, the counter of what the campaign bought).
  expect(await countNetworks(admin)).toMatchObject({ counted: 0, stopped: 1 });
  expect((await countNetworks(admin, 600)).started).toBeGreaterThanOrEqual(1);
  section = await networkSection(page, "", m, id);
  const sentence = section.getByTestId("network-sentence");
  await expect(sentence).toContainText("۱٬۰۰۰٬۰۰۰");
  await expect(section).toContainText(n.startTaken.split("<time>")[0]!.trim());

  // Tomorrow (Tehran) the channel has 1,013,400 views: the day's reading sits beside the start.
  await fakeYoutube(page, { channel: { id: DEMO, views: 1_013_400 } });
  expect((await countNetworks(admin, 86_400)).counted).toBeGreaterThanOrEqual(1);
  section = await networkSection(page, "", m, id);
  await expect(sentence).toContainText("۱٬۰۰۰٬۰۰۰");
  await expect(sentence).toContainText("۱٬۰۱۳٬۴۰۰");
  expect(await sentence.innerText()).not.toMatch(/[0-9]/);
  await expect(section.getByRole("table")).toContainText("۱٬۰۱۳٬۴۰۰");
  await expect(section.locator("canvas").first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/network-counter-fa-IR.png", fullPage: true });
  await section.screenshot({ path: "test-results/screens/network-counter-section-fa-IR.png" });
  await fakeYoutube(page, { channel: { id: DEMO, views: 1_000_000 } });
});

test(`en-US at ${DESKTOP.width}×${DESKTOP.height}: a channel that hides its subscriber count is said to`, async ({ page, admin }) => {
  test.slow();
  const m = enUS;
  const n = m.campaigns.networkCounter;
  await page.setViewportSize(DESKTOP);
  const id = await liveCampaign(page, admin, "Hidden count", `https://www.youtube.com/channel/${HIDDEN}`, "youtube", "smart", {
    locale: "en-US",
  });
  expect((await countNetworks(admin)).started).toBeGreaterThanOrEqual(1);
  const section = await networkSection(page, "/en-US", m, id);
  await expect(section.getByTestId("network-hidden")).toHaveText(n.hidden);
  // What is counted still shows: the channel's views, from its start count.
  await expect(section.getByTestId("network-sentence")).toContainText("1,000,000");
  await expect(section.getByRole("table")).toContainText(n.hiddenValue);
  // The chart of views is drawn (uPlot is fetched when a chart shows).
  await expect(section.locator("canvas").first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await section.screenshot({ path: "test-results/screens/network-counter-section-en-US.png" });
});
