import sharp from "sharp";
import { expect, test, type Page } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { signUpViaApi } from "./support/accounts";
import { adminContext } from "./support/admin";
import { liveCampaign, verifiedBooster } from "./support/earn";
import { DESKTOP, expectNoSidewaysScroll, PHONE } from "./support/layout";

/** The booster's own activity ids in a status, newest first, by the API. */
async function myActivityIds(page: Page, status: string): Promise<string[]> {
  const answer = (await (await page.request.get(`/api/activities?status=${status}`)).json()) as { data: { id: string }[] };
  return answer.data.map((activity) => activity.id);
}

for (const { locale, prefix, m } of [
  { locale: "fa-IR", prefix: "", m: faIR },
  { locale: "en-US", prefix: "/en-US", m: enUS },
] as const) {
  test(`${locale}: a verified booster takes a task, sends it, appeals a denial and sees an approval's release date`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const e = m.earn;
    const admin = await adminContext(browser, baseURL!);
    // A channel of this test's own: the feed also holds other tests' campaigns, oldest first.
    const handle = `takapoo_earn_${locale.slice(0, 2)}`;
    await liveCampaign(page, admin, `Earn ${locale}`, `https://www.youtube.com/@${handle}`, "youtube");
    const { context, page: booster } = await verifiedBooster(browser, baseURL!, admin, locale);

    await booster.setViewportSize(PHONE);
    await booster.goto(`${prefix}/dashboard/earn_money`);
    await expect(booster.getByRole("heading", { level: 1 })).toHaveText(m.titles.earnMoney);
    await expect(booster.getByRole("heading", { name: e.standing.title })).toBeVisible();
    await expect(booster.getByTestId("earn-standing")).toContainText(e.standing.successRateNone);
    const tasks = booster.getByTestId("task");
    await expect(tasks.first()).toBeVisible();
    await expectNoSidewaysScroll(booster);
    await booster.screenshot({ path: `test-results/screens/earn-feed-${locale}-phone.png`, fullPage: true });

    // Only YouTube, then only likes: every card left is a like.
    await booster.getByLabel(e.feed.network).selectOption("youtube");
    await booster.getByLabel(e.feed.action).selectOption("like");
    // (Filtered, the feed is short enough that this test's campaign is on its first page: it lists the oldest first.)
    const ours = tasks.filter({ has: booster.locator(`a[href*="@${handle}"]`) });
    await expect(ours.first()).toContainText(m.campaigns.activities.actions.like);
    await expect(ours.first()).toContainText(e.check.review);
    await expect(tasks.filter({ hasNotText: m.campaigns.activities.actions.like })).toHaveCount(0);

    // Start: the task panel takes the keyboard, with what to do and the time left.
    await ours.filter({ hasText: m.campaigns.activities.actions.like }).first().getByRole("button", { name: e.feed.start }).click();
    const panel = booster.getByTestId("task-panel");
    await expect(panel.getByRole("heading", { level: 2 })).toBeFocused();
    await expect(panel).toContainText(e.panel.do.like);
    await expect(booster.getByTestId("task-time-left")).toHaveText(locale === "fa-IR" ? /^[۰-۹]+:[۰-۹]{2}$/ : /^\d+:\d{2}$/);
    await expectNoSidewaysScroll(booster);
    await booster.screenshot({ path: `test-results/screens/earn-panel-${locale}-phone.png`, fullPage: true });

    // A link that is not a YouTube post is refused in the page's language, nothing sent.
    const link = panel.getByLabel(e.panel.postLink);
    const original = await link.inputValue();
    await link.fill("https://example.com/not-a-video");
    await panel.getByRole("button", { name: e.panel.submit }).click();
    await expect(panel.getByText(m.api.validation.link_invalid)).toBeVisible();
    await link.fill(original);
    const firstNote = `First ${locale} ${Date.now()}`;
    await panel.getByLabel(e.panel.proof).fill(firstNote);
    await panel.getByRole("button", { name: e.panel.submit }).click();
    await expect(booster.getByText(e.panel.submitted)).toBeVisible();
    await expect(panel).toHaveCount(0);

    // It waits for review in the booster's list.
    await booster.getByRole("tab", { name: e.mine.tabs.awaiting_review }).click();
    const mine = booster.getByTestId("my-activity");
    await expect(mine.first()).toContainText(m.campaigns.activities.status.awaiting_review);
    const [sent] = await myActivityIds(booster, "awaiting_review");

    // The reviewer finds it in the back office's queue (with the note) and denies it with a reason.
    const a = m.admin.activities;
    const reviewer = await admin.newPage();
    await reviewer.setViewportSize(PHONE);
    await reviewer.goto(`${prefix}/admin/activities`);
    await expect(reviewer.getByRole("heading", { level: 1 })).toHaveText(a.heading);
    const review = reviewer.getByTestId("activity-review").filter({ hasText: firstNote });
    await expect(review).toContainText(m.campaigns.activities.actions.like);
    await review.getByRole("button", { name: a.deny, exact: true }).click();
    await review.getByLabel(a.denyCode).selectOption("proof_unclear");
    await review.getByLabel(a.denyReason).fill("The like is not visible");
    await expectNoSidewaysScroll(reviewer);
    await reviewer.screenshot({ path: `test-results/screens/admin-activities-${locale}-phone.png`, fullPage: true });
    await review.getByRole("button", { name: a.denySend, exact: true }).click();
    await expect(review).toHaveCount(0);
    expect(await myActivityIds(booster, "denied")).toContain(sent);

    // The booster reads the reason and appeals once.
    await booster.reload();
    await booster.getByRole("tab", { name: e.mine.tabs.denied }).click();
    const deniedCard = mine.first();
    await expect(deniedCard).toContainText(`${e.denial.proof_unclear}: The like is not visible`);
    await deniedCard.getByRole("button", { name: e.mine.appeal }).click();
    await deniedCard.getByLabel(e.mine.appealNote).fill("I liked it with my channel; please look again");
    await deniedCard.getByRole("button", { name: e.mine.appealSend }).click();
    await expect(booster.getByText(e.mine.appealSent)).toBeVisible();
    expect(await myActivityIds(booster, "awaiting_review")).toContain(sent);
    await expectNoSidewaysScroll(booster);

    // A second task, approved: the booster sees when its reward is released.
    await booster.getByLabel(e.feed.action).selectOption("comment");
    // (A reviewed one: tasks YouTube's API checks end differently, tests/e2e/youtube.spec.ts.)
    await ours
      .filter({ hasText: m.campaigns.activities.actions.comment })
      .filter({ hasText: e.check.review })
      .first()
      .getByRole("button", { name: e.feed.start })
      .click();
    const secondNote = `Second ${locale} ${Date.now()}`;
    await booster.getByTestId("task-panel").getByLabel(e.panel.proof).fill(secondNote);
    await booster.getByTestId("task-panel").getByRole("button", { name: e.panel.submit }).click();
    await expect(booster.getByText(e.panel.submitted)).toBeVisible();
    await reviewer.setViewportSize(DESKTOP);
    await reviewer.reload();
    const second = reviewer.getByTestId("activity-review").filter({ hasText: secondNote });
    await second.getByRole("button", { name: new RegExp(`^${a.approve}`) }).click();
    await expect(second).toHaveCount(0);
    await reviewer.screenshot({ path: `test-results/screens/admin-activities-${locale}-desktop.png`, fullPage: true });
    await booster.reload();
    await booster.getByRole("tab", { name: e.mine.tabs.approved }).click();
    const released = e.mine.releaseOn.split("{date}")[0]!;
    await expect(mine.first()).toContainText(released);
    await expect(booster.getByTestId("earn-standing")).not.toContainText(e.standing.successRateNone);
    await expectNoSidewaysScroll(booster);
    await booster.screenshot({ path: `test-results/screens/earn-activities-${locale}-phone.png`, fullPage: true });

    await booster.setViewportSize(DESKTOP);
    await booster.getByRole("tab", { name: e.mine.tabs.all }).click();
    await expectNoSidewaysScroll(booster);
    await booster.screenshot({ path: `test-results/screens/earn-${locale}-desktop.png`, fullPage: true });
    await context.close();
    await admin.close();
  });
}

test("someone whose identity is not verified is told why and sent to the profile, with no feed", async ({ page }) => {
  await signUpViaApi(page);
  await page.setViewportSize(PHONE);
  await page.goto("/en-US/dashboard/earn_money");
  await expect(page.getByRole("heading", { level: 2, name: enUS.earn.verify.title })).toBeVisible();
  const card = page.getByTestId("earn-verify");
  await expect(card).toContainText(enUS.earn.verify.body);
  await expect(page.getByTestId("task")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/earn-unverified-en-US-phone.png", fullPage: true });
  await card.getByRole("link", { name: enUS.earn.verify.action }).click();
  await page.waitForURL("**/en-US/dashboard/profile");
});

test("fa-IR: an Instagram task needs the username and a screenshot, which the reviewer sees", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const e = faIR.earn;
  const admin = await adminContext(browser, baseURL!);
  await liveCampaign(page, admin, "Earn Instagram", "https://www.instagram.com/takapoo.earn.proof/", "instagram");
  const { context, page: booster } = await verifiedBooster(browser, baseURL!, admin, "fa-IR");
  await booster.setViewportSize(PHONE);
  await booster.goto("/dashboard/earn_money");
  await booster.getByLabel(e.feed.network).selectOption("instagram");
  await booster.getByLabel(e.feed.action).selectOption("like");
  const ours = booster.getByTestId("task").filter({ has: booster.locator('a[href*="takapoo.earn.proof"]') });
  await ours.filter({ hasText: faIR.campaigns.activities.actions.like }).first().getByRole("button", { name: e.feed.start }).click();
  const panel = booster.getByTestId("task-panel");
  await panel.getByLabel(e.panel.username).fill("@sara.test");
  const note = `Instagram ${Date.now()}`;
  await panel.getByLabel(e.panel.proof).fill(note);
  await panel.getByRole("button", { name: e.panel.submit }).click();
  await expect(panel.getByText(faIR.api.validation.screenshot_required)).toBeVisible();

  const shot = await sharp({ create: { width: 360, height: 780, channels: 3, background: "#fdfdfd" } })
    .png()
    .toBuffer();
  await panel.getByLabel(e.panel.screenshot).setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: shot });
  await expect(panel.getByTestId("screenshot-status")).toHaveText(e.panel.screenshotAttached);
  await expectNoSidewaysScroll(booster);
  await booster.screenshot({ path: "test-results/screens/earn-instagram-fa-IR-phone.png", fullPage: true });
  await panel.getByRole("button", { name: e.panel.submit }).click();
  await expect(booster.getByText(e.panel.submitted)).toBeVisible();

  const reviewer = await admin.newPage();
  await reviewer.goto("/admin/activities");
  const review = reviewer.getByTestId("activity-review").filter({ hasText: note });
  await expect(review).toContainText("@sara.test");
  const image = review.getByRole("img", { name: faIR.admin.activities.screenshotAlt });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);
  await context.close();
  await admin.close();
});
