import sharp from "sharp";
import { expect, test, type Page } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { youtubePort } from "../../playwright.config";
import { adminContext } from "./support/admin";
import { liveCampaign, verifiedBooster } from "./support/earn";
import { DESKTOP, expectNoSidewaysScroll, PHONE } from "./support/layout";

// The boosters' work after it is done, in the browser: a subscription checked by YouTube's API is
// approved at once and the producer sees it delivered; at the end of the retention period (the test
// clock, POST /api/test-clock/run: no sleeping) the kept one is released to withdrawable earnings and
// the undone one is clawed back with its reason and its unit reopens. And an Instagram proof sent
// back for a revision, denied with a reason, appealed and approved.

const fake = `http://127.0.0.1:${youtubePort}`;
const RETENTION_SECONDS = 8 * 86_400;

type Messages = typeof enUS;

/** The feed filtered to subscriptions (waiting for the filtered answer); the task of this campaign's channel in it. */
async function subscribeTask(booster: Page, prefix: string, m: Messages, channelId: string) {
  await booster.goto(`${prefix}/dashboard/earn_money`);
  const filtered = booster.waitForResponse((response) => /\/api\/tasks\?.*action=subscribe/.test(response.url()));
  await booster.getByLabel(m.earn.feed.action).selectOption("subscribe");
  await filtered;
  const tasks = booster.getByTestId("task");
  await expect(tasks.filter({ hasNotText: m.campaigns.activities.actions.subscribe })).toHaveCount(0);
  return tasks.filter({ has: booster.locator(`a[href$="${channelId}"]`) });
}

/** Signs the booster's channel in through the task panel's connect button and Google's consent page. */
async function connectFromTask(booster: Page, prefix: string, m: Messages, email: string) {
  const panel = booster.getByTestId("task-panel");
  await expect(panel).toContainText(m.youtube.check.connectFirst);
  await panel.getByRole("button", { name: m.youtube.connect }).click();
  await booster.waitForURL(`${fake}/o/oauth2/v2/auth?**`);
  await booster.getByLabel("Account").selectOption({ label: email });
  await booster.getByRole("button", { name: "Allow" }).click();
  await booster.waitForURL(`**${prefix}/dashboard/earn_money?youtube=connected`);
  await expect(booster.getByText(m.youtube.outcome.connected)).toBeVisible();
}

/** The subscribe task of this campaign's channel: started, connected from the panel, checked (missing, then there). */
async function subscribeChecked(booster: Page, prefix: string, m: Messages, email: string, channelId: string) {
  const e = m.earn;
  const task = await subscribeTask(booster, prefix, m, channelId);
  await expect(task).toContainText(e.check.api);
  await task.getByRole("button", { name: e.feed.start }).click();
  await connectFromTask(booster, prefix, m, email);
  // Back on the page: the task waits in the booster's list; Continue opens it again.
  await booster.getByTestId("my-activity").first().getByRole("button", { name: e.mine.continue }).click();
  const panel = booster.getByTestId("task-panel");
  await panel.getByRole("button", { name: m.youtube.check.now }).click();
  await expect(panel.getByText(m.api.errors.check_failed_not_subscribed)).toBeVisible();
  expect((await booster.request.post(`${fake}/__fake/act`, { data: { email, subscribe: channelId } })).status()).toBe(200);
  await panel.getByRole("button", { name: m.youtube.check.now }).click();
  await expect(booster.getByText(e.panel.approvedNow)).toBeVisible();
}

async function delivery(producer: Page, campaignId: string) {
  return ((await (await producer.request.get(`/api/campaigns/${campaignId}/delivery`)).json()) as { data: Record<string, number> }).data;
}

for (const { locale, prefix, m, size, accounts } of [
  { locale: "fa-IR", prefix: "", m: faIR, size: PHONE, accounts: [3, 4] },
  { locale: "en-US", prefix: "/en-US", m: enUS, size: DESKTOP, accounts: [5, 6] },
] as const) {
  test(`${locale}: a subscription is approved by the API check, released after the retention period, and an undone one is clawed back`, async ({
    page: producer,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const e = m.earn;
    const channelId = `UC${`takapooRetention${locale.replace("-", "")}`.padEnd(22, "0")}`;
    const admin = await adminContext(browser, baseURL!);
    const campaignId = await liveCampaign(
      producer,
      admin,
      `Retention ${locale}`,
      `https://www.youtube.com/channel/${channelId}`,
      "youtube",
      "monetize",
    );
    const keeper = await verifiedBooster(browser, baseURL!, admin, locale);
    const dropper = await verifiedBooster(browser, baseURL!, admin, locale);

    // The first booster: connect from the task, the check misses, they subscribe, the check passes.
    await keeper.page.setViewportSize(size);
    await subscribeChecked(keeper.page, prefix, m, `booster${accounts[0]}@gmail.test`, channelId);
    await keeper.page.getByRole("tab", { name: e.mine.tabs.approved }).click();
    const kept = keeper.page.getByTestId("my-activity").first();
    await expect(kept).toContainText(e.check.api);
    await expect(kept).toContainText(e.mine.releaseOn.split("{date}")[0]!);
    await expectNoSidewaysScroll(keeper.page);
    await keeper.page.screenshot({ path: `test-results/screens/retention-approved-${locale}.png`, fullPage: true });

    // Their earnings over time: the reward is on today's row of the chart's table, and what releases when is said.
    await keeper.page.reload();
    const history = keeper.page.getByTestId("earnings-history");
    await expect(history.getByTestId("earnings-upcoming").locator("li")).toHaveCount(1);
    const held = ((await (await keeper.page.request.get("/api/earn/history")).json()) as { data: { upcoming: { amount: number }[] } }).data
      .upcoming[0]!.amount;
    const reward = new Intl.NumberFormat(locale).format(held);
    await expect(history.getByTestId("earnings-upcoming")).toContainText(reward);
    await expect(history.getByTestId("earnings-table").locator("tbody tr").first().locator("td").first()).toContainText(reward);
    await expect(history.locator("canvas").first()).toBeVisible();
    await expectNoSidewaysScroll(keeper.page);
    await history.screenshot({ path: `test-results/screens/earnings-history-${locale}.png` });

    // The producer's campaign: delivered and auto-checked moved, nobody reviewed anything.
    await producer.setViewportSize(size);
    await producer.goto(`${prefix}/dashboard/campaigns/view/${campaignId}`);
    await producer.getByRole("tab", { name: m.campaigns.view.tabs.activities }).click();
    const figures = producer.getByTestId("campaign-delivery");
    const figure = (name: keyof Messages["campaigns"]["delivery"]) =>
      figures.locator("div").filter({ has: producer.getByText(m.campaigns.delivery[name], { exact: true }) });
    await expect(figures).toBeVisible();
    expect(await delivery(producer, campaignId)).toMatchObject({ delivered: 1, auto_checked: 1, reviewed: 0 });
    await expect(figure("auto_checked").locator("dd")).toHaveText(locale === "fa-IR" ? "۱" : "1");

    // The second booster does the same, then unsubscribes before the release date.
    await dropper.page.setViewportSize(size);
    await subscribeChecked(dropper.page, prefix, m, `booster${accounts[1]}@gmail.test`, channelId);
    // Taken: the task is no longer offered to them.
    await expect(await subscribeTask(dropper.page, prefix, m, channelId)).toHaveCount(0);
    const undone = await dropper.page.request.post(`${fake}/__fake/act`, {
      data: { email: `booster${accounts[1]}@gmail.test`, unsubscribe: channelId },
    });
    expect(undone.status()).toBe(200);

    // Eight days later by the jobs' clock: the release job re-checks both.
    const ran = await admin.request.post("/api/test-clock/run", { data: { job: "release-rewards", advance_seconds: RETENTION_SECONDS } });
    expect(ran.status(), await ran.text()).toBe(200);
    const { output } = ((await ran.json()) as { data: { output: { released: number; dropped: number } } }).data;
    expect(output.released).toBeGreaterThanOrEqual(1);
    expect(output.dropped).toBeGreaterThanOrEqual(1);

    // Kept: completed, its reward withdrawable, nothing held.
    await keeper.page.reload();
    await keeper.page.getByRole("tab", { name: e.mine.tabs.completed }).click();
    await expect(kept).toContainText(e.mine.releasedOn.split("{date}")[0]!);
    const summary = ((await (await keeper.page.request.get("/api/earn/summary")).json()) as { data: { held: number; available: number } })
      .data;
    expect(summary.held).toBe(0);
    expect(summary.available).toBeGreaterThan(0);
    await keeper.page.goto(`${prefix}/dashboard/wallet`);
    const earningsCard = keeper.page.getByText(m.wallet.earningsBody).locator("..");
    await expect(earningsCard).not.toContainText(locale === "fa-IR" ? /(^|\s)۰ ریال/ : /IRR 0\b/);
    await expectNoSidewaysScroll(keeper.page);
    await keeper.page.screenshot({ path: `test-results/screens/retention-released-wallet-${locale}.png`, fullPage: true });

    // Undone: denied as dropped, with the reason said, and not appealable.
    await dropper.page.reload();
    await dropper.page.getByRole("tab", { name: e.mine.tabs.denied }).click();
    const dropped = dropper.page.getByTestId("my-activity").first();
    await expect(dropped).toContainText(e.mine.dropped);
    // The system's own reason, in the page's language only (it once added the code in English).
    const detail = dropped.getByTestId("activity-detail");
    await expect(detail).toContainText(e.mine.reason.replace("{reason}", e.denial.dropped));
    await expect(detail).not.toContainText("dropped");
    await expect(dropped.getByRole("button", { name: e.mine.appeal })).toHaveCount(0);
    await expectNoSidewaysScroll(dropper.page);
    await dropper.page.screenshot({ path: `test-results/screens/retention-dropped-${locale}.png`, fullPage: true });

    // Their statement says it (issue 33): the reward held, then taken back, each linking to their work.
    await dropper.page.goto(`${prefix}/dashboard/wallet`);
    const statement = dropper.page.getByRole("region", { name: m.wallet.statement.title });
    const clawed = statement.getByText(m.wallet.statement.kinds.reward_clawed_back, { exact: true }).filter({ visible: true });
    await expect(clawed).toHaveCount(1);
    await expect(statement.getByText(m.wallet.statement.kinds.reward_held, { exact: true }).filter({ visible: true })).toHaveCount(1);
    await expect(
      statement.getByRole("link", { name: m.wallet.statement.subjects.activity }).filter({ visible: true }).first(),
    ).toBeVisible();
    await dropper.page.screenshot({ path: `test-results/screens/statement-clawed-${locale}.png`, fullPage: true });

    // The unit is open again: the task is offered once more. The producer sees the drop.
    await expect(await subscribeTask(dropper.page, prefix, m, channelId)).toHaveCount(1);
    await producer.reload();
    await producer.getByRole("tab", { name: m.campaigns.view.tabs.activities }).click();
    await expect(figure("dropped").locator("dd")).toHaveText(locale === "fa-IR" ? "۱" : "1");
    expect(await delivery(producer, campaignId)).toMatchObject({ delivered: 1, auto_checked: 1, dropped: 1 });
    await expectNoSidewaysScroll(producer);
    await producer.screenshot({ path: `test-results/screens/retention-producer-${locale}.png`, fullPage: true });

    // The dropper subscribes again and takes the reopened unit: it refills the drop (at no cost to the producer),
    // and the producer's figures, table and chart say refilled.
    const again = await dropper.page.request.post(`${fake}/__fake/act`, {
      data: { email: `booster${accounts[1]}@gmail.test`, subscribe: channelId },
    });
    expect(again.status()).toBe(200);
    const reopened = await subscribeTask(dropper.page, prefix, m, channelId);
    await reopened.getByRole("button", { name: e.feed.start }).click();
    await dropper.page.getByTestId("task-panel").getByRole("button", { name: m.youtube.check.now }).click();
    await expect(dropper.page.getByText(e.panel.approvedNow)).toBeVisible();
    await producer.reload();
    await producer.getByRole("tab", { name: m.campaigns.view.tabs.activities }).click();
    const one = locale === "fa-IR" ? "۱" : "1";
    await expect(figure("refilled").locator("dd")).toHaveText(one);
    expect(await delivery(producer, campaignId)).toMatchObject({ delivered: 2, auto_checked: 2, dropped: 1, refilled: 1 });
    // Today's row of the table: the two delivered before the drop and the refill, one of them refilled.
    const table = producer.getByTestId("campaign-delivery-panel").getByRole("table", { name: m.campaigns.delivery.caption });
    const todayRow = table.locator("tbody tr").first();
    await expect(todayRow.locator("td").last()).toHaveText(one);
    await expect(producer.getByTestId("campaign-delivery-panel").locator("canvas").first()).toBeVisible();
    await expectNoSidewaysScroll(producer);
    await producer.getByTestId("campaign-delivery-panel").scrollIntoViewIfNeeded();
    await producer.screenshot({ path: `test-results/screens/retention-refilled-${locale}.png`, fullPage: true });

    await keeper.context.close();
    await dropper.context.close();
    await admin.close();
  });
}

for (const { locale, prefix, m, size } of [
  { locale: "fa-IR", prefix: "", m: faIR, size: PHONE },
  { locale: "en-US", prefix: "/en-US", m: enUS, size: DESKTOP },
] as const) {
  test(`${locale}: an Instagram proof is sent back for a revision, denied with a reason, appealed and approved`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const e = m.earn;
    const a = m.admin.activities;
    const admin = await adminContext(browser, baseURL!);
    const profile = `takapoo.revise.${locale.slice(0, 2)}`;
    await liveCampaign(page, admin, `Instagram ${locale}`, `https://www.instagram.com/${profile}/`, "instagram");
    const { context, page: booster } = await verifiedBooster(browser, baseURL!, admin, locale);
    await booster.setViewportSize(size);
    await booster.goto(`${prefix}/dashboard/earn_money`);
    const filtered = booster.waitForResponse((response) => /\/api\/tasks\?.*network=instagram/.test(response.url()));
    await booster.getByLabel(e.feed.network).selectOption("instagram");
    await filtered;
    await booster.getByLabel(e.feed.action).selectOption("like");
    const tasks = booster.getByTestId("task");
    await expect(tasks.filter({ hasNotText: m.campaigns.networks.instagram })).toHaveCount(0);
    await tasks
      .filter({ has: booster.locator(`a[href*="${profile}"]`) })
      .first()
      .getByRole("button", { name: e.feed.start })
      .click();
    const panel = booster.getByTestId("task-panel");
    const shot = await sharp({ create: { width: 360, height: 780, channels: 3, background: "#f4f4f4" } })
      .png()
      .toBuffer();
    const send = async (note: string) => {
      await panel.getByLabel(e.panel.username).fill("@reza.test");
      await panel.getByLabel(e.panel.proof).fill(note);
      await panel.getByLabel(e.panel.screenshot).setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: shot });
      await expect(panel.getByTestId("screenshot-status")).toHaveText(e.panel.screenshotAttached);
      await panel.getByRole("button", { name: e.panel.submit }).click();
      await expect(booster.getByText(e.panel.submitted)).toBeVisible();
    };
    const first = `Done ${locale} ${Date.now()}`;
    await send(first);

    // The reviewer sends it back once, with what to fix.
    const reviewer = await admin.newPage();
    await reviewer.setViewportSize(size);
    await reviewer.goto(`${prefix}/admin/activities`);
    let review = reviewer.getByTestId("activity-review").filter({ hasText: first });
    await expect(review.getByRole("img", { name: a.screenshotAlt })).toBeVisible();
    await review.getByRole("button", { name: a.revise }).click();
    await review.getByLabel(a.reviseNote).fill("The screenshot must show the liked post");
    await review.getByRole("button", { name: a.reviseSend }).click();
    await expect(review).toHaveCount(0);

    // The booster reads the note, with a fresh hour, and sends it again.
    await booster.reload();
    await booster.getByRole("tab", { name: e.mine.tabs.in_progress }).click();
    const mine = booster.getByTestId("my-activity").first();
    await expect(mine).toContainText("The screenshot must show the liked post");
    await mine.getByRole("button", { name: e.mine.continue }).click();
    await expect(panel).toContainText("The screenshot must show the liked post");
    await expectNoSidewaysScroll(booster);
    await booster.screenshot({ path: `test-results/screens/earn-revision-${locale}.png`, fullPage: true });
    const second = `Done again ${locale} ${Date.now()}`;
    await send(second);

    // Denied with a reason from the list and words; a second revision is not offered.
    await reviewer.reload();
    review = reviewer.getByTestId("activity-review").filter({ hasText: second });
    await expect(review.getByRole("button", { name: a.revise })).toBeDisabled();
    await expect(review).toContainText(a.revisedOnce);
    await review.getByRole("button", { name: a.deny, exact: true }).click();
    await review.getByLabel(a.denyCode).selectOption("wrong_account");
    await review.getByLabel(a.denyReason).fill("This is not the account you named");
    await review.getByRole("button", { name: a.denySend, exact: true }).click();
    await expect(review).toHaveCount(0);

    // The booster reads the reason and appeals; the reviewer sees the appeal and approves it.
    await booster.reload();
    await booster.getByRole("tab", { name: e.mine.tabs.denied }).click();
    await expect(mine).toContainText(`${e.denial.wrong_account}: This is not the account you named`);
    await mine.getByRole("button", { name: e.mine.appeal }).click();
    await mine.getByLabel(e.mine.appealNote).fill("@reza.test is my account; the profile is public");
    await mine.getByRole("button", { name: e.mine.appealSend }).click();
    await expect(booster.getByText(e.mine.appealSent)).toBeVisible();
    await reviewer.reload();
    review = reviewer.getByTestId("activity-review").filter({ hasText: "@reza.test is my account" });
    await expect(review).toContainText(a.appealed);
    await expectNoSidewaysScroll(reviewer);
    await reviewer.screenshot({ path: `test-results/screens/admin-appeal-${locale}.png`, fullPage: true });
    await review.getByRole("button", { name: new RegExp(`^${a.approve}`) }).click();
    await expect(review).toHaveCount(0);
    await booster.reload();
    await booster.getByRole("tab", { name: e.mine.tabs.approved }).click();
    await expect(mine).toContainText(e.check.review);
    await expect(mine).toContainText(e.mine.releaseOn.split("{date}")[0]!);
    await expectNoSidewaysScroll(booster);
    await context.close();
    await admin.close();
  });
}
