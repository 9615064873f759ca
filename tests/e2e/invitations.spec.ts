import { expect, test, type Page } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { freshPhone, kavenegarUrl, lastCode, PASSWORD, signUpOnPhone, signUpViaApi } from "./support/accounts";
import { fundWallet, verifyIdentity } from "./support/earn";
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
  await signUpOnPhone(page, "fa-IR");
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
  // The link to pass on by hand, beside the SMS: left to right, with its QR code on asking.
  await expect(page.getByLabel(fa.share.title)).toHaveValue(/\/auth\/invite\/[a-z2-9]{10}$/);
  await page.getByRole("button", { name: fa.share.showQr }).click();
  await expect(page.getByRole("img", { name: fa.share.qrLabel })).toBeVisible();
  // The SMS: our production adapter, the invitation's template, the code alone (never the inviter's name).
  const texts = (await (await page.request.get(`${kavenegarUrl}/__messages?receptor=${friend}`)).json()) as {
    messages: { template: string; token: string; token10?: string }[];
  };
  expect(texts.messages).toEqual([expect.objectContaining({ template: "takapoo-invite", token: expect.stringMatching(/^[a-z2-9]{10}$/) })]);
  expect(texts.messages[0]!.token10).toBeUndefined();

  // The same number again: SPEC's 409 reason, in Persian.
  await phone.fill(friend);
  await page.getByRole("button", { name: fa.create.submit }).click();
  await expect(page.getByRole("alert").filter({ hasText: faIR.api.errors.ERR_USER_ALREADY_INVITED })).toBeVisible();
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
  await expect(friendPage.getByRole("link", { name: fa.landing.join })).toHaveAttribute(
    "href",
    `/auth/register?invite=${texts.messages[0]!.token}`,
  );
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

// The whole way (issue 18): a member invites a friend on a desktop in English; the friend opens the SMS's link on a
// phone in Persian, goes on to the register page and signs up there with another number of theirs (the link's code
// counts, not the number), confirms the texted code and buys a plan; the inviter watches the invitation go from sent
// to registered to "bought a plan", and, once the reward job has run after the holding period (the test clock,
// POST /api/test-clock/run), to accepted with the reward the admins set in their earnings.

test("en-US desktop inviter, fa-IR phone friend: the friend joins through the link with another number and buys a plan; the reward arrives", async ({
  page,
  browser,
  baseURL,
  admin,
}) => {
  test.setTimeout(150_000);
  const reward = 600_000;
  expect((await admin.request.put("/api/admin/settings/invitations", { data: { reward } })).status()).toBe(200);

  await page.setViewportSize(DESKTOP);
  await signUpViaApi(page, { locale: "en-US" });
  await fundWallet(page.request, 2_000_000);
  expect((await page.request.post("/api/memberships", { data: { plan_id: await bronzeId(page), pay_from: "wallet" } })).status()).toBe(201);
  await page.goto("/en-US/dashboard/invitations/create");
  const invited = freshPhone();
  await page.getByLabel(en.create.phoneLabel).fill(invited);
  await page.getByLabel(en.create.nameLabel).fill("Reza");
  await page.getByRole("button", { name: en.create.submit }).click();
  await expect(page.getByTestId("invitation-sent")).toHaveText(enUS.api.messages.invitation_sent);
  const link = await page.getByLabel(en.share.title).inputValue();
  await page.getByRole("button", { name: en.share.copy }).click();
  await expect(page.getByTestId("invitation-copied")).toHaveText(/.+/);
  await page.getByRole("button", { name: en.share.showQr }).click();
  await expect(page.getByRole("img", { name: en.share.qrLabel })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/invitation-share-en-desktop.png", fullPage: true });
  let code = "";
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${kavenegarUrl}/__messages?receptor=${invited}`);
      const { messages } = (await answer.json()) as { messages: { template: string; token: string }[] };
      code = messages.find((m) => m.template === "takapoo-invite")?.token ?? "";
      return code;
    })
    .toMatch(/^[a-z2-9]{10}$/);

  // The friend, on a phone in Persian: the link, then the register page it leads to, with a number of their own.
  const friendContext = await browser.newContext({
    baseURL,
    viewport: PHONE,
    // Their own client address, so that this sign-up's code is not counted against other tests' (the server trusts one hop).
    extraHTTPHeaders: { "x-forwarded-for": `10.97.${Date.now() % 250}.${Math.floor(Date.now() / 256) % 250}` },
  });
  const friend = await friendContext.newPage();
  // The link the inviter shared (the SMS carries the same code).
  expect(link).toBe(`${baseURL}/auth/invite/${code}`);
  await friend.goto(link);
  await expect(friend.getByTestId("invite-title")).toHaveText("Sara شما را به تکاپو دعوت کرده است");
  await expect(friend.getByText(fa.landing.body)).toBeVisible();
  await expectNoSidewaysScroll(friend);
  await friend.screenshot({ path: "test-results/screens/invitation-join-fa-phone.png", fullPage: true });
  await friend.getByRole("link", { name: fa.landing.join }).click();
  await friend.waitForURL(`**/auth/register?invite=${code}`);
  const r = faIR.auth.register;
  const ownNumber = freshPhone();
  await friend.getByLabel(r.firstName, { exact: true }).fill("رضا");
  await friend.getByLabel(r.lastName, { exact: true }).fill("احمدی");
  await friend.getByLabel(r.phone, { exact: true }).fill(toPersian(ownNumber));
  await friend.getByLabel(r.email, { exact: true }).fill(`e2e-${ownNumber}@takapoo.test`);
  await friend.getByLabel(r.password, { exact: true }).fill(PASSWORD);
  await friend.getByLabel(r.passwordConfirmation, { exact: true }).fill(PASSWORD);
  await friend.getByRole("checkbox").check();
  // A long password's dots stay clear of its "show" button, at the left in Persian (the input is left to right).
  const show = await friend.getByRole("button", { name: faIR.forms.showPassword }).first().boundingBox();
  const room = await friend.getByLabel(r.password, { exact: true }).evaluate((input) => parseFloat(getComputedStyle(input).paddingLeft));
  expect(room).toBeGreaterThanOrEqual(show!.width);
  await expectNoSidewaysScroll(friend);
  await friend.screenshot({ path: "test-results/screens/invitation-register-fa-phone.png", fullPage: true });
  await friend.getByRole("button", { name: r.submit }).click();
  await friend.waitForURL("**/auth/two_factor_authentication**");
  await friend.getByLabel(faIR.auth.otp.code).fill(await lastCode(friend.request, ownNumber));
  await friend.getByRole("button", { name: faIR.auth.otp.submit }).click();
  await friend.waitForURL((url) => url.pathname === "/dashboard");

  const card = page.getByTestId("invitation").filter({ hasText: `+98${invited.slice(1)}` });
  await page.goto("/en-US/dashboard/invitations");
  await expect(card).toHaveAttribute("data-status", "registered");
  await expect(card).toContainText(en.status.registered);

  // The friend buys the bronze plan: the invitation is paid, the reward due after the holding period.
  await fundWallet(friend.request, 2_000_000);
  expect((await friend.request.post("/api/memberships", { data: { plan_id: await bronzeId(friend), pay_from: "wallet" } })).status()).toBe(
    201,
  );
  await page.reload();
  await expect(card).toHaveAttribute("data-status", "paid");
  await expect(card).toContainText(en.status.paid);
  await expect(card).toContainText(en.list.rewardDue.replace(" {date}", ""));
  // The reward waits for the friend's verified identity (issue 30: a made-up friend has none); then it is due.
  await expect(card.getByTestId("reward-waits-identity")).toHaveText(en.list.rewardWaitsIdentity);
  await verifyIdentity(friend.request, admin);
  await friendContext.close();
  await page.reload();
  await expect(card).toHaveAttribute("data-status", "paid");
  await expect(card.getByTestId("reward-waits-identity")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/invitation-paid-en-desktop.png", fullPage: true });

  // The reward job, as of after the holding period: accepted, the reward in the inviter's earnings, and they are told.
  const ran = await admin.request.post("/api/test-clock/run", { data: { job: "invitation-rewards", advance_seconds: 8 * 86_400 } });
  expect(ran.status(), await ran.text()).toBe(200);
  expect(((await ran.json()) as { data: { output: { rewarded: number } } }).data.output.rewarded).toBeGreaterThanOrEqual(1);
  await page.reload();
  await page.getByRole("tab", { name: en.list.tabs.accepted }).click();
  await expect(card).toHaveAttribute("data-status", "joined");
  await expect(card).toContainText(en.status.joined);
  await expect(card).toContainText(en.list.reward.replace("{amount}", enUS.money.amount.replace("{amount}", "600,000")));
  await expect(card).not.toContainText(en.list.rewardDue.replace(" {date}", ""));
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/invitation-joined-en-desktop.png", fullPage: true });
  await page.goto("/en-US/dashboard/wallet");
  await expect(page.getByText(enUS.wallet.earningsBody).locator("..")).toContainText("600,000 IRR");
  // The statement's line (issue 33): the invitation's reward into earnings, linking to the invitations.
  const statement = page.getByRole("region", { name: enUS.wallet.statement.title }).getByRole("table");
  const line = statement.getByRole("row").filter({ hasText: enUS.wallet.statement.kinds.invitation_reward });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("+600,000 IRR");
  await expect(line.getByRole("link", { name: enUS.wallet.statement.subjects.invitation })).toHaveAttribute(
    "href",
    "/en-US/dashboard/invitations",
  );
  await page.goto("/en-US/dashboard/notifications");
  await expect(page.getByTestId("notification").first()).toHaveAttribute("data-kind", "invitation_rewarded");
  await expectNoSidewaysScroll(page);
});

async function bronzeId(page: Page): Promise<string> {
  const plans = (await (await page.request.get("/api/memberships/plans")).json()) as { data: { id: string; code: string }[] };
  return plans.data.find((plan) => plan.code === "bronze")!.id;
}
