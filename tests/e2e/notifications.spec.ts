import { expect, test, type Page } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { signUpOnPhone } from "./support/accounts";
import { campaignInReview, verifyIdentity } from "./support/earn";
import { DESKTOP, expectNoSidewaysScroll } from "./support/layout";

// Notifications (issue 18) on the production build: the bell counts what happened while the page is open (the
// live stream, no reload), the inbox says it in the reader's language, opening one leads to what it is about.

/** Resolves once the page's live stream of notifications is open: what happens after it reaches the page without a reload. */
const streamOpen = (page: Page) => page.waitForResponse((response) => new URL(response.url()).pathname === "/api/notifications/stream");

test("fa-IR phone: the identity's approval reaches the open page live; the inbox in Persian; opening one reads it", async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000);
  await signUpOnPhone(page, "fa-IR");
  const listening = streamOpen(page);
  await page.goto("/dashboard");
  const bell = page.getByTestId("notification-count");
  await expect(bell).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);

  // The admin decides elsewhere; this page only listens (the count polls once a minute: 15 s means the stream).
  await listening;
  await verifyIdentity(page.request, admin);
  await expect(page.getByTestId("notification-badge")).toHaveText("۱", { timeout: 15_000 });
  await expect(bell).toHaveAttribute("aria-label", `${faIR.panel.notifications}: ۱ اعلان تازه`);

  await bell.click();
  await page.waitForURL("**/dashboard/notifications");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.titles.notifications);
  const item = page.getByTestId("notification").first();
  await expect(item).toHaveAttribute("data-kind", "identity_approved");
  await expect(item).toContainText(faIR.notifications.kinds.identity_approved);
  await expect(item).toContainText(faIR.notifications.inbox.new);
  // Seen: the header's count is gone, the notification is still new until opened.
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/notifications-fa-phone.png", fullPage: true });

  await item.getByRole("link", { name: faIR.notifications.inbox.open }).click();
  await page.waitForURL("**/dashboard/profile");
  await page.goto("/dashboard/notifications");
  await page.getByRole("tab", { name: faIR.notifications.inbox.tabs.read }).click();
  await expect(page.getByTestId("notification").first()).toHaveAttribute("data-kind", "identity_approved");
  await page.getByRole("tab", { name: faIR.notifications.inbox.tabs.new }).click();
  await expect(page.getByTestId("notifications-empty")).toHaveText(faIR.notifications.inbox.empty);
});

test("en-US desktop: a producer reads that the payment went through and the campaign is live, and opens the campaign", async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const id = await campaignInReview(
    page,
    "Autumn launch",
    `https://www.instagram.com/takapoo.note.${Date.now() % 1_000_000}/`,
    "instagram",
  );
  const listening = streamOpen(page);
  await page.goto("/en-US/dashboard");
  await expect(page.getByTestId("notification-badge")).toHaveText("1"); // the payment

  // An admin approves the campaign in another browser: the producer's open dashboard counts it, no reload.
  await listening;
  expect((await admin.request.post(`/api/admin/campaigns/${id}/approve`)).status()).toBe(200);
  await expect(page.getByTestId("notification-badge")).toHaveText("2", { timeout: 15_000 });
  await page.goto("/en-US/dashboard/notifications");
  const items = page.getByTestId("notification");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveAttribute("data-kind", "campaign_approved");
  await expect(items.nth(0)).toContainText(/Your campaign “.?Autumn launch.?” was approved and is live\./);
  await expect(items.nth(1)).toContainText("Your payment of 5,000,000 IRR went through.");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/notifications-en-desktop.png", fullPage: true });

  await page.getByRole("button", { name: enUS.notifications.inbox.markAllRead }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 notifications marked as read." })).toBeVisible();
  await items.nth(0).getByRole("link", { name: enUS.notifications.inbox.open }).click();
  await page.waitForURL(`**/en-US/dashboard/campaigns/view/${id}`);
});
