import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { freshPhone, kavenegarUrl, signUpViaApi } from "./support/accounts";
import { fundWallet } from "./support/earn";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

const fa = faIR.invitations;
const en = enUS.invitations;
const toPersian = (digits: string) => digits.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);

// Invitations (issue 18) on the production build: a member invites a friend on a phone in Persian (typed in Persian
// digits), the SMS goes through our Kavenegar adapter to the fake with the code and the inviter's name, the same
// number is refused with SPEC's reason; the friend signs up and the inviter, in English on a desktop, sees them
// registered and is told so.

test("fa-IR phone, then en-US desktop: invite a friend by SMS, be refused a second time, see them register", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await signUpViaApi(page, { locale: "fa-IR" });
  await page.goto("/dashboard/invitations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.titles.invitations);
  await expect(page.getByTestId("invitations-no-plan")).toContainText(fa.allowance.noPlan);
  await expect(page.getByTestId("invitations-empty")).toHaveText(fa.list.empty);

  await fundWallet(page.request, 2_000_000);
  const plans = (await (await page.request.get("/api/memberships/plans")).json()) as { data: { id: string; code: string }[] };
  const bronze = plans.data.find((plan) => plan.code === "bronze")!;
  expect((await page.request.post("/api/memberships", { data: { plan_id: bronze.id, pay_from: "wallet" } })).status()).toBe(201);
  await page.reload();
  await expect(page.getByTestId("invitations-left")).toHaveText("۵ از ۵");

  await page.getByRole("link", { name: fa.invite }).click();
  await page.waitForURL("**/dashboard/invitations/create");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.titles.createInvitation);
  const phone = page.getByLabel(fa.create.phoneLabel);
  await page.getByRole("button", { name: fa.create.submit }).click();
  await expect(page.getByText(faIR.api.validation.invitation_phone_required)).toBeVisible();

  const friend = freshPhone();
  await phone.fill(toPersian(friend));
  await page.getByLabel(fa.create.nameLabel).fill("علی");
  await page.getByRole("button", { name: fa.create.submit }).click();
  await expect(page.getByTestId("invitation-sent")).toHaveText(faIR.api.messages.invitation_sent);
  await expect(page.getByTestId("invitations-left")).toContainText("۴");
  // The SMS: our production adapter, the invitation's template, the code and the inviter's name.
  const texts = (await (await page.request.get(`${kavenegarUrl}/__messages?receptor=${friend}`)).json()) as {
    messages: { template: string; token: string; token10?: string }[];
  };
  expect(texts.messages).toEqual([
    expect.objectContaining({ template: "takapoo-invite", token: expect.stringMatching(/^[a-z2-9]{10}$/), token10: "Sara Test" }),
  ]);

  // The same number again: SPEC's 409 reason, in Persian.
  await phone.fill(friend);
  await page.getByRole("button", { name: fa.create.submit }).click();
  await expect(page.getByRole("alert").filter({ hasText: faIR.api.errors.user_already_invited })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/invitation-create-fa-phone.png", fullPage: true });

  await page.getByRole("link", { name: fa.create.back }).click();
  await page.waitForURL("**/dashboard/invitations");
  const card = page.getByTestId("invitation").first();
  await expect(card).toHaveAttribute("data-status", "pending");
  await expect(card).toContainText(toPersian(`+98${friend.slice(1)}`));
  await expect(card).toContainText("علی");
  await expect(card).toContainText(fa.status.pending);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/invitations-fa-phone.png", fullPage: true });

  // The SMS's link, as the friend opens it: who invited them, the way in, and "don't text me again".
  const friendContext = await browser.newContext({ baseURL });
  const friendPage = await friendContext.newPage();
  await friendPage.setViewportSize(PHONE);
  await friendPage.goto(`/auth/invite/${texts.messages[0]!.token}`);
  await expect(friendPage.getByTestId("invite-title")).toHaveText("Sara شما را به تکاپو دعوت کرده است");
  await expect(friendPage.getByRole("link", { name: fa.landing.join })).toHaveAttribute("href", "/auth/register");
  await friendPage.getByRole("button", { name: fa.landing.stop }).click();
  await expect(friendPage.getByText(fa.landing.stopped)).toBeVisible();
  await expectNoSidewaysScroll(friendPage);
  await friendPage.screenshot({ path: "test-results/screens/invitation-link-fa-phone.png", fullPage: true });

  // The friend signs up with that number; the inviter sees them registered and is told.
  await signUpViaApi(friendPage, { phone: friend });
  await friendContext.close();
  await page.setViewportSize(DESKTOP);
  await page.goto("/en-US/dashboard/invitations");
  await page.getByRole("tab", { name: en.list.tabs.registered }).click();
  const registered = page.getByTestId("invitation").first();
  await expect(registered).toHaveAttribute("data-status", "registered");
  await expect(registered).toContainText(en.status.registered);
  await expect(registered).toContainText(en.list.registeredAt);
  await expect(page.getByTestId("notification-badge")).toHaveText("3"); // the payment, the plan, the friend registered
  await page.goto("/en-US/dashboard/notifications");
  await expect(page.getByTestId("notification").first()).toHaveAttribute("data-kind", "invitation_registered");
  await expect(page.getByTestId("notification").first()).toContainText("signed up with your invitation.");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/invitations-en-desktop.png", fullPage: true });
});
