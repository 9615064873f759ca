import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { adminContext } from "./support/admin";
import { PASSWORD, signUpViaApi } from "./support/accounts";
import { fundWallet } from "./support/earn";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

// The back office's people view (issue 18): an admin finds a person by phone, bans them with a reason and an
// end — the person, on their own open dashboard, is signed out and cannot sign in again — then lifts the ban.

const tomorrow = () => {
  const day = new Date(Date.now() + 2 * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
};

test("en-US desktop admin bans a fa-IR phone user, who is signed out and refused; then fa-IR phone admin lifts it", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const userContext = await browser.newContext({ baseURL });
  const user = await userContext.newPage();
  await user.setViewportSize(PHONE);
  const { phone } = await signUpViaApi(user, { locale: "fa-IR" });
  await fundWallet(user.request, 1_500_000);
  // What the page's live stream hears, as it hears it: each event's name and when.
  await user.addInitScript(() => {
    const seen: { type: string; at: number }[] = [];
    (window as unknown as { streamEvents: typeof seen }).streamEvents = seen;
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        for (const type of ["open", "re-read", "end", "error"]) this.addEventListener(type, () => seen.push({ type, at: Date.now() }));
      }
    };
  });
  await user.goto("/dashboard");
  await expect(user).toHaveURL(/\/dashboard$/);
  const streamEvents = () => user.evaluate(() => (window as unknown as { streamEvents: { type: string; at: number }[] }).streamEvents);
  await expect.poll(async () => (await streamEvents()).map((event) => event.type)).toContain("re-read");

  const admin = await adminContext(browser, baseURL!);
  const page = await admin.newPage();
  await page.setViewportSize(DESKTOP);
  const p = enUS.admin.people;
  await page.goto("/en-US/admin/users");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.heading);
  await page.getByLabel(p.search).fill(phone);
  await page.getByRole("button", { name: p.find }).click();
  const found = page.getByTestId("person");
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`+98${phone.slice(1)}`);
  await found.getByRole("link").click();
  await page.waitForURL(/\/en-US\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sara Test");
  await expect(page.getByTestId("person-balances")).toContainText("1,500,000");
  await expect(page.getByTestId("person-sessions").getByRole("listitem")).not.toHaveCount(0);

  // Refused without a reason; then banned until a day after tomorrow.
  await page.getByRole("button", { name: p.ban, exact: true }).click();
  await expect(page.getByText(enUS.api.validation.too_small_string.replace("{minimum, number}", "3"))).toBeVisible();
  await page.getByLabel(p.reason).fill("Fake proofs on three campaigns");
  await page.getByLabel(p.until).fill(tomorrow());
  const bannedAt = Date.now();
  await page.getByRole("button", { name: p.ban, exact: true }).click();
  await expect(page.getByTestId("ban-outcome")).toHaveText(enUS.api.messages.user_banned);
  // The person's open page loses its live updates at once (issue 30): the server ends the stream of the ended
  // session, and the page does not reconnect while it stays open.
  await expect.poll(async () => (await streamEvents()).map((event) => event.type), { timeout: 3_000 }).toContain("end");
  const ended = (await streamEvents()).find((event) => event.type === "end")!;
  console.log(`[admin-people] the banned person's stream ended ${ended.at - bannedAt} ms after the ban was pressed`);
  expect(ended.at - bannedAt).toBeLessThan(3_000);
  await expect(page.getByTestId("ban-panel")).toHaveAttribute("data-banned", "true");
  await expect(page.getByTestId("ban-panel")).toContainText("Fake proofs on three campaigns");
  // The picked day's end, in Tehran's time as every date of the app.
  await expect(page.getByTestId("ban-panel")).toContainText("11:59 PM");
  await expect(page.getByTestId("balance-frozen")).toContainText("1,500,000");
  await expect(page.getByTestId("person-sessions")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-person-banned-en-desktop.png", fullPage: true });

  const heard = (await streamEvents()).length;
  await user.waitForTimeout(1_000);
  expect((await streamEvents()).slice(heard).map((event) => event.type)).not.toContain("open");
  // The person's open dashboard: the next request finds the session ended — they are asked to log in.
  await user.reload();
  await expect(user.getByText(faIR.panel.signIn.body)).toBeVisible();
  await user.getByRole("link", { name: faIR.panel.signIn.login, exact: true }).click();
  await user.waitForURL(/\/auth\/login/);
  await user.getByLabel(faIR.auth.login.credential).fill(phone);
  await user.getByLabel(faIR.auth.login.password, { exact: true }).fill(PASSWORD);
  await user.getByRole("button", { name: faIR.auth.login.submit, exact: true }).click();
  await expect(user.getByText(faIR.api.errors.account_banned)).toBeVisible();
  await expectNoSidewaysScroll(user);
  await user.screenshot({ path: "test-results/screens/login-banned-fa-phone.png", fullPage: true });

  // A Persian admin on a phone lifts the ban; the person signs in again with their money back.
  await page.setViewportSize(PHONE);
  await page.goto(page.url().replace("/en-US", ""));
  const f = faIR.admin.people;
  await expect(page.getByTestId("ban-panel")).toContainText("Fake proofs on three campaigns");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-person-banned-fa-phone.png", fullPage: true });
  await page.getByRole("button", { name: f.unban }).click();
  await expect(page.getByTestId("ban-outcome")).toHaveText(faIR.api.messages.user_unbanned);
  await expect(page.getByTestId("ban-panel")).toHaveAttribute("data-banned", "false");
  await expect(page.getByTestId("person-balances")).toContainText("۱٬۵۰۰٬۰۰۰");

  // On the page still showing the refusal, the person presses log in again and lands on the dashboard
  // (which the router had prefetched while they were signed out: proxy.ts, tests/e2e/prefetch-guard.spec.ts).
  await user.getByRole("button", { name: faIR.auth.login.submit, exact: true }).click();
  await user.waitForURL(/\/dashboard$/);
  await admin.close();
  await userContext.close();
});
