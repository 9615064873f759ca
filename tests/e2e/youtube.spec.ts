import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { youtubePort } from "../../playwright.config";
import { adminContext } from "./support/admin";
import { liveCampaign, verifiedBooster } from "./support/earn";
import { DESKTOP, expectNoSidewaysScroll, PHONE } from "./support/layout";

// A booster connects their YouTube channel through Google's consent page (the fake, tests/support/
// fake-google-account.ts, answering our production adapter) and a comment task is checked by the API:
// missing first, then found and approved at once. Then they disconnect.

const VIDEO = "dQw4w9WgXcQ";
const fake = `http://127.0.0.1:${youtubePort}`;

for (const { locale, prefix, m, size, account } of [
  { locale: "fa-IR", prefix: "", m: faIR, size: PHONE, account: 1 },
  { locale: "en-US", prefix: "/en-US", m: enUS, size: DESKTOP, account: 2 },
] as const) {
  test(`${locale}: a booster connects YouTube, a comment task fails the check, then passes and is approved at once`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const y = m.youtube;
    const e = m.earn;
    const email = `booster${account}@gmail.test`;
    const admin = await adminContext(browser, baseURL!);
    await liveCampaign(page, admin, `YouTube ${locale}`, `https://www.youtube.com/watch?v=${VIDEO}`, "youtube");
    const { context, page: booster } = await verifiedBooster(browser, baseURL!, admin, locale);
    await booster.setViewportSize(size);

    // The profile's card: connect → Google's consent page → back, connected.
    await booster.goto(`${prefix}/dashboard/profile`);
    const card = booster.getByTestId("youtube-channel");
    await expect(booster.getByRole("heading", { name: y.title })).toBeVisible();
    await expectNoSidewaysScroll(booster);
    await card.getByRole("button", { name: y.connect }).click();
    await booster.waitForURL(`${fake}/o/oauth2/v2/auth?**`);
    await booster.getByLabel("Account").selectOption({ label: email });
    await booster.getByRole("button", { name: "Allow" }).click();
    await booster.waitForURL(`**${prefix}/dashboard/profile?youtube=connected`);
    await expect(booster.getByText(y.outcome.connected)).toBeVisible();
    await expect(card).toContainText(`Booster ${account}`);
    await expectNoSidewaysScroll(booster);
    await booster.screenshot({ path: `test-results/screens/youtube-connected-${locale}.png`, fullPage: true });

    // The comment task is checked automatically.
    await booster.goto(`${prefix}/dashboard/earn_money`);
    // The feed is oldest campaign first, shared with every test before this one: narrowed to YouTube's comments.
    await booster.getByLabel(e.feed.network).selectOption("youtube");
    await booster.getByLabel(e.feed.action).selectOption("comment");
    const task = booster.getByTestId("task").filter({ hasText: e.check.api }).first();
    await expect(task).toBeVisible();
    await task.getByRole("button", { name: e.feed.start }).click();
    const panel = booster.getByTestId("task-panel");
    await expect(panel).toContainText(`Booster ${account}`);
    const words = `Lovely video ${locale}`;
    await panel.getByLabel(y.check.commentWords).fill(words);
    await panel.getByRole("button", { name: y.check.now }).click();
    await expect(panel.getByText(m.api.errors.check_failed_comment_not_found)).toBeVisible();
    await expectNoSidewaysScroll(booster);
    await booster.screenshot({ path: `test-results/screens/youtube-check-missing-${locale}.png`, fullPage: true });

    // The booster writes the comment on YouTube (the fake records it), and checks again.
    const acted = await booster.request.post(`${fake}/__fake/act`, {
      data: { email, comment: { videoId: VIDEO, text: `${words}, thanks for the recipe` } },
    });
    expect(acted.status()).toBe(200);
    await panel.getByRole("button", { name: y.check.now }).click();
    await expect(booster.getByText(e.panel.approvedNow)).toBeVisible();
    await expect(panel).toHaveCount(0);
    await booster.getByRole("tab", { name: e.mine.tabs.approved }).click();
    await expect(booster.getByTestId("my-activity").first()).toContainText(e.check.api);
    await expectNoSidewaysScroll(booster);
    await booster.screenshot({ path: `test-results/screens/youtube-check-approved-${locale}.png`, fullPage: true });

    // Disconnect: confirmed, deleted here and revoked at Google.
    await booster.goto(`${prefix}/dashboard/profile`);
    await card.getByRole("button", { name: y.disconnect }).click();
    await expect(card).toContainText(y.confirmDisconnect);
    await card.getByRole("button", { name: y.disconnect }).click();
    await expect(card.getByText(y.disconnected)).toBeVisible();
    await expect(card.getByRole("button", { name: y.connect })).toBeVisible();
    await context.close();
    await admin.close();
  });
}

for (const { locale, prefix, m, size } of [
  { locale: "fa-IR", prefix: "", m: faIR, size: PHONE },
  { locale: "en-US", prefix: "/en-US", m: enUS, size: DESKTOP },
] as const) {
  test(`${locale}: a view is watched on our page and credited only while the video plays`, async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const e = m.earn;
    const admin = await adminContext(browser, baseURL!);
    await liveCampaign(page, admin, `Watch ${locale}`, `https://www.youtube.com/watch?v=${VIDEO}`, "youtube");
    const { context, page: booster } = await verifiedBooster(browser, baseURL!, admin, locale);
    await booster.setViewportSize(size);
    await booster.goto(`${prefix}/dashboard/earn_money`);
    await booster.getByLabel(e.feed.network).selectOption("youtube");
    await booster.getByLabel(e.feed.action).selectOption("view");
    const task = booster.getByTestId("task").filter({ hasText: e.check.watch }).first();
    await task.getByRole("button", { name: e.feed.start }).click();
    const panel = booster.getByTestId("task-panel");
    await panel.getByRole("button", { name: e.watch.start }).click();
    const player = panel.getByTestId("fake-player");
    await expect(player).toBeVisible();

    // Not playing: beats come, nothing is credited.
    const credited = panel.getByTestId("watch-credited");
    await expect(panel.getByText(e.watch.paused)).toBeVisible();
    await booster.waitForTimeout(4_000);
    await expect(credited).toHaveText(locale === "fa-IR" ? /^۰ از ۶/ : /^0 of 6/);
    await expectNoSidewaysScroll(booster);
    await booster.screenshot({ path: `test-results/screens/youtube-watch-${locale}.png`, fullPage: true });

    // Playing: six seconds later the view is approved.
    await player.getByRole("button", { name: "Play" }).click();
    await expect(booster.getByText(e.panel.approvedNow)).toBeVisible({ timeout: 20_000 });
    await booster.getByRole("tab", { name: e.mine.tabs.approved }).click();
    await expect(booster.getByTestId("my-activity").first()).toContainText(e.check.watch);
    await context.close();
    await admin.close();
  });
}
