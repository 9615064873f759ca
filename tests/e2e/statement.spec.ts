import { readFile, writeFile } from "node:fs/promises";
import { expect, test, type Page } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { adminContext } from "./support/admin";
import { boosterWithEarnings } from "./support/earn";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

// Issue 33, in the browser on the production build: a booster's one statement after earning (a reward held, then
// released by the jobs' clock), a plan bought by card (one line, not a charge and a spend) and a paid payout, each
// line linking to its receipt and its subject; the header's two figures; the CSV saved and read; a receipt printed
// to PDF by Chromium; the month's printable statement. Persian on a phone, English on a desktop.

const persian = (text: string) => text.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);

/** Pays a plan through the sandbox bank, as a person who chose "pay by card" would. */
async function planByCard(booster: Page) {
  const plans = ((await (await booster.request.get("/api/memberships/plans")).json()) as { data: { id: string; code: string }[] }).data;
  const started = await booster.request.post("/api/memberships/checkout", {
    data: { plan_id: plans.find((plan) => plan.code === "bronze")!.id, gateway: "sandbox" },
  });
  expect(started.status(), await started.text()).toBe(200);
  const authority = ((await started.json()) as { data: { redirect_url: string } }).data.redirect_url.split("/").at(-1)!;
  const decided = await booster.request.post(`/api/payments/sandbox/${authority}/decision`, { data: { decision: "pay" } });
  const { data } = (await decided.json()) as { data: { redirect_url: string } };
  await booster.request.get(data.redirect_url, { maxRedirects: 0 });
}

test("a booster's statement: one line per event, receipts, the CSV and the month, in fa-IR on a phone and en-US on a desktop", async ({
  page: booster,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await adminContext(browser, baseURL!, { locale: "fa-IR" });
  await boosterWithEarnings(admin, booster);
  await planByCard(booster);

  // A payout of 3,000,000 Rials, paid: approved, sent in the manual rail's file, confirmed with the bank's reference
  // (the fake Jibit's balance at 0 so the send job leaves it to the file).
  const requested = await booster.request.post("/api/payouts", { data: { amount: 3_000_000 } });
  expect(requested.status(), await requested.text()).toBe(201);
  const payoutId = ((await requested.json()) as { data: { payout: { id: string } } }).data.payout.id;
  const jibit = `http://127.0.0.1:${process.env.E2E_JIBIT_PORT || 3215}/__fake/balance`;
  const balance = ((await (await admin.request.get("/api/admin/payouts/rail")).json()) as { data: { balance: number } }).data.balance;
  expect((await admin.request.post(jibit, { data: { amount: 0 } })).status()).toBe(200);
  try {
    expect((await admin.request.post(`/api/admin/payouts/${payoutId}/approve`)).status()).toBe(200);
    expect((await admin.request.post("/api/admin/payouts/export")).status()).toBe(200);
    const confirmed = await admin.request.post(`/api/admin/payouts/${payoutId}/confirm`, { data: { bank_reference: "PAYA-1405-0906" } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  } finally {
    await admin.request.post(jibit, { data: { amount: balance } });
  }

  // fa-IR, phone: the statement's lines as cards, newest first.
  await booster.setViewportSize(PHONE);
  await booster.goto("/dashboard/wallet");
  const s = faIR.wallet.statement;
  const statement = booster.getByRole("region", { name: s.title });
  await expect(statement).toBeVisible();
  const cards = statement.getByRole("list", { name: s.caption }).getByRole("listitem");
  // Newest first: the payout, the plan by card (one line, said to be paid by card: no charge line beside it), the
  // reward released, the reward held when it was approved.
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(0)).toContainText(s.kinds.payout);
  await expect(cards.nth(1)).toContainText(s.kinds.plan);
  await expect(cards.nth(1)).toContainText(s.byCard);
  await expect(cards.nth(2)).toContainText(s.kinds.reward_released);
  await expect(cards.nth(3)).toContainText(s.kinds.reward_held);
  await expect(cards.filter({ hasText: s.kinds.charge })).toHaveCount(0);
  // The header's two figures: what can be spent, what can be withdrawn (the rest of the earnings after the payout).
  const money = (
    (await (await booster.request.get("/api/wallet")).json()) as { data: { wallet_balance: number; earnings_balance: number } }
  ).data;
  const rials = (n: number) => `${persian(new Intl.NumberFormat("en-US").format(n)).replace(/,/g, "٬")} ریال`;
  await expect(booster.getByTestId("header-money-sentence")).toContainText(rials(money.earnings_balance));
  await expect(booster.getByTestId("header-money-sentence")).toContainText(rials(money.wallet_balance));
  await expect(booster.getByTestId("wallet-title-earnings")).toContainText(rials(money.earnings_balance));
  // Each line's balance after: the released reward's is the earnings before the payout.
  await expect(cards.nth(0)).toContainText(rials(money.earnings_balance));
  await expect(cards.nth(2)).toContainText(rials(money.earnings_balance + 3_000_000));
  await expectNoSidewaysScroll(booster);
  await booster.screenshot({ path: "test-results/screens/statement-fa-phone.png", fullPage: true });

  // The pending tab is empty now (everything released or paid); the failed tab too.
  await statement.getByRole("tab", { name: s.tabs.pending }).click();
  await expect(statement.getByText(s.empty)).toBeVisible();
  await statement.getByRole("tab", { name: s.tabs.all }).click();

  // The payout's receipt: the bank's reference, the amount in figures and in words, printable.
  await cards
    .nth(0)
    .getByRole("link", { name: /^رسید / })
    .click();
  await booster.waitForURL("**/dashboard/wallet/receipts/**");
  const r = faIR.wallet.receipt;
  await expect(booster.getByRole("heading", { level: 1 })).toContainText(r.title);
  await expect(booster.getByTestId("receipt-amount")).toHaveText(`−${persian("3,000,000").replace(/,/g, "٬")} ریال`);
  await expect(booster.getByTestId("receipt-words")).toHaveText("به حروف: سه میلیون ریال");
  await expect(booster.getByText("PAYA-1405-0906")).toBeVisible();
  await expectNoSidewaysScroll(booster);
  await booster.screenshot({ path: "test-results/screens/receipt-fa-phone.png", fullPage: true });
  await booster.emulateMedia({ media: "print" });
  await expect(booster.getByRole("button", { name: r.print })).toBeHidden();
  const pdf = await booster.pdf({ format: "A5", printBackground: true, preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  await writeFile("test-results/screens/receipt-fa.pdf", pdf);
  await booster.emulateMedia({ media: "screen" });

  // Another person's receipt is not found (the API answers 404, the page says so).
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  const { signUpViaApi } = await import("./support/accounts");
  await signUpViaApi(strangerPage, { locale: "fa-IR" });
  const receiptPath = new URL(booster.url()).pathname;
  expect((await strangerPage.request.get(`/api/wallet/statement/${receiptPath.split("/").at(-1)}`)).status()).toBe(404);
  await strangerPage.goto(receiptPath);
  await expect(strangerPage.getByRole("heading", { level: 1 })).toHaveText(r.notFoundTitle);
  await stranger.close();

  // en-US, desktop: the table, the CSV and the month's printable statement.
  await booster.setViewportSize(DESKTOP);
  await booster.goto("/en-US/dashboard/wallet");
  const e = enUS.wallet.statement;
  const table = booster.getByRole("region", { name: e.title }).getByRole("table");
  await expect(table.getByText(e.kinds.payout, { exact: true })).toBeVisible();
  await expect(table.getByText(e.kinds.plan, { exact: true })).toHaveCount(1);
  await expect(table.getByText(e.byCard)).toBeVisible();
  await expect(table.getByRole("link", { name: e.subjects.activity }).first()).toHaveAttribute(
    "href",
    "/en-US/dashboard/earn_money#earn-mine",
  );
  await expect(table.getByRole("link", { name: e.subjects.payout })).toHaveAttribute("href", "/en-US/dashboard/payouts");

  const download = booster.waitForEvent("download");
  await booster.getByRole("button", { name: e.csv.download }).click();
  const file = await readFile(await (await download).path());
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = file.subarray(3).toString("utf8").trimEnd().split("\r\n");
  expect(rows[0]).toBe(Object.values(e.csv).slice(0, 10).join(","));
  expect(rows.some((row) => row.includes(`,${e.kinds.payout},${e.statuses.paid},-3000000,`))).toBe(true);
  expect(rows.filter((row) => row.includes(`,${e.kinds.plan},`))).toHaveLength(1);

  const month = booster.getByLabel(e.filters.month);
  await month.selectOption({ index: 1 });
  await expect(table.getByText(e.kinds.payout, { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(booster);
  await booster.screenshot({ path: "test-results/screens/statement-en-desktop.png", fullPage: true });
  await booster.getByRole("link", { name: e.print.open }).click();
  await booster.waitForURL("**/en-US/dashboard/wallet/statement?from=*");
  await expect(booster.getByRole("heading", { level: 1 })).toHaveText(e.print.title);
  await expect(booster.getByTestId("statement-period")).toContainText("From ");
  await expect(booster.getByTestId("statement-print-lines").getByText(e.kinds.payout)).toBeVisible();
  // Totals per account: the held earnings came in and went out (released); the plan went out of the card.
  const totals = booster.getByRole("table", { name: e.print.totals });
  await expect(totals.getByRole("row", { name: e.accounts.earnings_held })).toHaveText(
    `${e.accounts.earnings_held}5,000,000 IRR5,000,000 IRR`,
  );
  await expect(totals.getByRole("row", { name: e.accounts.card })).toHaveText(`${e.accounts.card}0 IRR2,000,000 IRR`);
  await booster.screenshot({ path: "test-results/screens/statement-print-en.png", fullPage: true });
  await admin.close();
});
