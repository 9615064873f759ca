import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { demoPort, siteSettings } from "../../playwright.config";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

// Issue 34, on the production build: a fresh demo installation (the sandbox bank, no SMS provider, no payout rail)
// is a living marketplace. A visitor sees the landing page's figures move off zero; the seeded booster's statement has
// released money; the seeded producer's campaign has weeks of delivery; the demo admin moves the clock a week and
// the booster's payout can be requested. The installation is this file's own (the build the other tests use, other
// settings): its codes are read from its log, as a person trying the demo reads them.

const demoURL = `http://127.0.0.1:${demoPort}`;
const PASSWORD = "Takapoo-Demo-2026";
const PRODUCER = "09120000101";
const BOOSTER = "09120000201";
const ADMIN = { phone: "09100000009", password: "Demo-Admin-Pass-2026!" };
let server: ChildProcess | null = null;
let log = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const env: NodeJS.ProcessEnv = { ...process.env };
  // A demo: none of the real providers the other tests' server is given, nor its database.
  for (const name of ["DATABASE_URL", "SMS_PROVIDER", "PAYOUT_RAIL", "TEST_CLOCK", "SEED_DEMO_DATA"]) delete env[name];
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...env,
      ...siteSettings,
      PORT: String(demoPort),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "takapoo-demo-")),
      PAYMENTS_SANDBOX: "true",
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`${demoURL}/api/health`).catch(() => null))?.status ?? 0, { timeout: 280_000, intervals: [1_000] })
    .toBe(200);
  expect(log).toContain("[demo] a living marketplace was made");
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

/** A browser context signed in on the demo: the password, then the code the server's log printed. */
async function signedIn(browser: Browser, phone: string, password: string, locale: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: demoURL });
  const from = log.length;
  const headers = { "X-Locale": locale };
  const login = await context.request.post("/api/auth/login", { headers, data: { credential: phone, password } });
  expect(login.status(), await login.text()).toBe(200);
  const masked = `+98${phone.slice(1, 4)}***${phone.slice(-4)}`;
  let code = "";
  await expect
    .poll(() => {
      code = new RegExp(`\\[sms\\] to ${masked.replace(/[+*]/g, "\\$&")} code (\\d{6})`).exec(log.slice(from))?.[1] ?? "";
      return code;
    })
    .not.toBe("");
  const token = ((await login.json()) as { data: { otp: { token: string } } }).data.otp.token;
  const verified = await context.request.post("/api/auth/otp/verify", { headers, data: { token, code } });
  expect(verified.status(), await verified.text()).toBe(200);
  return context;
}

test("a visitor sees a living landing page, in fa-IR on a phone and en-US on a desktop", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: demoURL });
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const figures = page.getByTestId("landing-stats");
  await expect(figures).toHaveAttribute("aria-busy", "false");
  const fa = new Intl.NumberFormat("fa-IR");
  await expect(figures.getByRole("definition").nth(0)).toHaveText(fa.format(4));
  await expect(figures.getByRole("definition").nth(2)).toHaveText(fa.format(1));
  await expect(figures).not.toContainText(/[0-9]/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/demo-landing-fa-phone.png", fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.goto("/en-US");
  await expect(figures).toHaveAttribute("aria-busy", "false");
  await expect(figures.getByRole("definition").nth(3)).toContainText("3 million");
  await page.screenshot({ path: "test-results/screens/demo-landing-en-desktop.png" });
  await context.close();
});

test("the seeded producer's campaigns: every state, and weeks of delivery on the running one (fa-IR, phone)", async ({ browser }) => {
  const producer = await signedIn(browser, PRODUCER, PASSWORD, "fa-IR");
  const page = await producer.newPage();
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/campaigns");
  await expect(page.getByRole("link", { name: "آشپزی با نگار", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "باغچه کوچک", exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/demo-campaigns-fa-phone.png", fullPage: true });
  const campaigns = (await (await page.request.get("/api/campaigns")).json()) as { data: { id: string; name: string }[] };
  const kitchen = campaigns.data.find((campaign) => campaign.name === "آشپزی با نگار")!;
  await page.goto(`/dashboard/campaigns/view/${kitchen.id}`);
  await page.getByRole("tab", { name: faIR.campaigns.view.tabs.activities }).click();
  const table = page.getByTestId("campaign-delivery-panel").getByRole("table", { name: faIR.campaigns.delivery.caption });
  await expect(table).toBeVisible();
  expect(await table.locator("tbody tr").count()).toBeGreaterThanOrEqual(14);
  await page.screenshot({ path: "test-results/screens/demo-delivery-fa-phone.png", fullPage: true });
  await producer.close();
});

test("the seeded booster's released money; a week on the demo's clock and the payout goes (en-US desktop, fa-IR phone)", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const booster = await signedIn(browser, BOOSTER, PASSWORD, "en-US");
  const page = await booster.newPage();
  await page.setViewportSize(DESKTOP);
  await page.goto("/en-US/dashboard/wallet");
  const statement = page.getByRole("region", { name: enUS.wallet.statement.title });
  await expect(statement.locator("tbody").getByText(enUS.wallet.statement.kinds.reward_held).first()).toBeVisible();
  await expect(statement.locator("tbody").getByText(enUS.wallet.statement.kinds.invitation_reward).first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/demo-statement-en-desktop.png", fullPage: true });
  // Further back, the rewards released after their hold (the kind's filter).
  await statement.getByRole("combobox").first().selectOption({ label: enUS.wallet.statement.kinds.reward_released });
  await expect(statement.locator("tbody").getByText(enUS.wallet.statement.kinds.reward_released).first()).toBeVisible();
  // The dashboard leads with the booster's way: the work, its release and the plan done, the payout still ahead.
  await page.goto("/en-US/dashboard");
  const steps = page.getByTestId("checklist-booster");
  for (const step of ["identity", "task", "release", "plan"])
    await expect(steps.locator(`[data-step="${step}"]`)).toHaveAttribute("data-state", "done");
  await expect(steps.locator('[data-step="payout"]')).not.toHaveAttribute("data-state", "done");
  await page.screenshot({ path: "test-results/screens/demo-checklist-en-desktop.png", fullPage: true });
  const early = await page.request.post("/api/payouts", { data: { amount: 3_000_000 } });
  expect(early.status()).toBe(400);

  // The demo admin, on a phone in Persian: a week forward.
  const admin = await signedIn(browser, ADMIN.phone, ADMIN.password, "fa-IR");
  const back = await admin.newPage();
  await back.setViewportSize(PHONE);
  await back.goto("/admin/payouts");
  const clock = back.getByTestId("demo-clock");
  await clock.getByRole("button", { name: faIR.admin.demo.week }).click();
  await expect(clock.getByText(faIR.admin.demo.moved.split("{date}")[0]!.trim())).toBeVisible({ timeout: 60_000 });
  await expectNoSidewaysScroll(back);
  await back.screenshot({ path: "test-results/screens/demo-clock-fa-phone.png", fullPage: true });

  // The booster asks for the payout on the request page.
  await page.goto("/en-US/dashboard/payouts/Create");
  await page.getByLabel(enUS.payouts.create.amountLabel).fill("3000000");
  await page.getByRole("button", { name: enUS.payouts.create.submit }).click();
  await expect
    .poll(async () => ((await (await page.request.get("/api/payouts")).json()) as { meta: { total: number } }).meta.total)
    .toBe(1);
  await page.screenshot({ path: "test-results/screens/demo-payout-en-desktop.png", fullPage: true });
  await booster.close();
  await admin.close();
});
