import { expect, test, type Page } from "./support/fixtures";
import { createCampaign } from "./support/campaigns";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { tehranHour, type PaceFields } from "../../lib/campaigns/pacing";
import { addDays, tehranDay } from "../../lib/time/tehran";
import { signUpViaApi } from "./support/accounts";
import { fundWallet, verifiedBooster } from "./support/earn";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

/**
 * Issue 32, pacing in the booster's feed on the production build: a Smart YouTube campaign paced to 2 units a
 * Tehran day is offered to boosters until two units were started today; a third booster's feed then leaves it
 * out (and its start is refused, 409 task_unavailable) while an unpaced campaign's task is still offered. Unpaced
 * again it comes back; active hours that leave out this Tehran hour, or a start day tomorrow, hide it again.
 * The server's own clock: the day's count is of starts today, so nothing waits.
 */
const NO_PACE = { per_day: null, per_hour: null, hours_from: null, hours_to: null, starts_on: null };

/** PUT campaigns/{id}/pace by its owner, every field named (null: no limit of that kind); read back from the campaign. */
async function setPace(producer: Page, id: string, fields: PaceFields) {
  const pace = { ...NO_PACE, ...fields };
  const answer = await producer.request.put(`/api/campaigns/${id}/pace`, { data: pace });
  expect(answer.status(), await answer.text()).toBe(200);
  const campaign = ((await (await producer.request.get(`/api/campaigns/${id}`)).json()) as { data: { pace: unknown } }).data;
  expect(campaign.pace).toEqual(Object.values(pace).every((value) => value === null) ? null : pace);
}

/** The campaigns whose tasks the booster's feed offers, by the API (every line, one page of 100). */
async function offeredCampaigns(booster: Page): Promise<string[]> {
  const answer = await booster.request.get("/api/tasks?network=youtube&per_page=100");
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { campaign_id: string }[] }).data.map((task) => task.campaign_id);
}

/** Active hours (Tehran) that leave out this hour and the next one, should the test cross the hour's end. */
function hoursWithoutNow(): PaceFields {
  const hour = tehranHour(new Date());
  return hour < 12 ? { hours_from: hour + 2, hours_to: 24 } : { hours_from: 0, hours_to: hour };
}

for (const { locale, prefix, m, size } of [
  { locale: "fa-IR", prefix: "", m: faIR, size: PHONE },
  { locale: "en-US", prefix: "/en-US", m: enUS, size: DESKTOP },
] as const) {
  test(`${locale} at ${size.width}×${size.height}: a paced campaign offers only its daily units in the feed`, async ({
    page: producer,
    browser,
    baseURL,
    admin,
  }) => {
    test.setTimeout(180_000);
    const e = m.earn;
    const like = m.campaigns.activities.actions.like;
    // Channels of this test's own: the feed also holds the other locale's campaigns.
    const run = `${locale.slice(0, 2)}_${Date.now() % 1_000_000}`;
    const pacedHandle = `takapoo_paced_${run}`;
    const freeHandle = `takapoo_free_${run}`;

    await signUpViaApi(producer, { locale });
    await fundWallet(producer.request, 5_000_000);
    const paced = await createCampaign(producer, { name: "Paced feed", handle: pacedHandle });
    const free = await createCampaign(producer, { name: "Unpaced feed", handle: freeHandle });
    for (const id of [paced, free]) expect((await admin.request.post(`/api/admin/campaigns/${id}/approve`)).status()).toBe(200);
    await setPace(producer, paced, { per_day: 2 });

    /** The booster's feed page, YouTube likes only, loaded: its cards, the paced campaign's and the unpaced one's. */
    const openFeed = async (booster: Page, reload = false) => {
      if (reload) await booster.reload();
      else await booster.goto(`${prefix}/dashboard/earn_money`);
      await booster.getByLabel(e.feed.network).selectOption("youtube");
      const loaded = booster.waitForResponse((response) => {
        const url = new URL(response.url());
        return (
          url.pathname.endsWith("/tasks") && url.searchParams.get("action") === "like" && url.searchParams.get("network") === "youtube"
        );
      });
      await booster.getByLabel(e.feed.action).selectOption("like");
      expect((await loaded).status()).toBe(200);
      const feed = booster.locator("#earn-feed");
      await expect(feed.locator("[aria-busy]")).toHaveCount(0);
      const tasks = booster.getByTestId("task");
      // Every card shown is a like: the filtered page is the one on screen.
      await expect(tasks.filter({ hasNotText: like })).toHaveCount(0);
      const ours = (handle: string) => tasks.filter({ has: booster.locator(`a[href*="@${handle}"]`) });
      return { paced: ours(pacedHandle), free: ours(freeHandle) };
    };

    // Two boosters each take one like of the paced campaign from the feed: its two units of today.
    for (const n of [1, 2]) {
      const { context, page: booster } = await verifiedBooster(browser, baseURL!, admin, locale);
      await booster.setViewportSize(size);
      const cards = await openFeed(booster);
      await expect(cards.paced).toHaveCount(1);
      await cards.paced.getByRole("button", { name: e.feed.start }).click();
      await expect(booster.getByTestId("task-panel")).toBeVisible();
      const mine = (
        (await (await booster.request.get("/api/activities?status=in_progress")).json()) as {
          data: { campaign_id: string; quantity: number }[];
        }
      ).data;
      expect(
        mine.map((activity) => [activity.campaign_id, activity.quantity]),
        `booster ${n}`,
      ).toEqual([[paced, 1]]);
      await context.close();
    }

    // A third booster: the unpaced campaign's like is offered, the paced one's is not (nor any of its lines).
    const { context, page: third } = await verifiedBooster(browser, baseURL!, admin, locale);
    await third.setViewportSize(size);
    let cards = await openFeed(third);
    await expect(cards.free).toHaveCount(1);
    await expect(cards.paced).toHaveCount(0);
    let offered = await offeredCampaigns(third);
    expect(offered).toContain(free);
    expect(offered).not.toContain(paced);
    const refused = await third.request.post(`/api/tasks/${paced}.likes/start`);
    expect([refused.status(), ((await refused.json()) as { error?: { code?: string } }).error?.code]).toEqual([409, "task_unavailable"]);
    await expectNoSidewaysScroll(third);
    await third.screenshot({ path: `test-results/screens/paced-feed-${locale}.png`, fullPage: true });

    // Unpaced (all null), the campaign is offered again after a reload.
    await setPace(producer, paced, NO_PACE);
    cards = await openFeed(third, true);
    await expect(cards.paced).toHaveCount(1);
    await expect(cards.free).toHaveCount(1);
    expect(await offeredCampaigns(third)).toContain(paced);
    await expectNoSidewaysScroll(third);
    await third.screenshot({ path: `test-results/screens/paced-feed-${locale}-unpaced.png`, fullPage: true });

    // Active hours that leave out the current Tehran hour hide it; so does a start day of tomorrow.
    for (const pace of [hoursWithoutNow(), { starts_on: addDays(tehranDay(new Date()), 1) }]) {
      await setPace(producer, paced, pace);
      cards = await openFeed(third, true);
      await expect(cards.free, JSON.stringify(pace)).toHaveCount(1);
      await expect(cards.paced, JSON.stringify(pace)).toHaveCount(0);
      offered = await offeredCampaigns(third);
      expect(offered).toContain(free);
      expect(offered, JSON.stringify(pace)).not.toContain(paced);
      const held = await third.request.post(`/api/tasks/${paced}.likes/start`);
      expect(held.status(), JSON.stringify(pace)).toBe(409);
    }
    await context.close();
  });
}
