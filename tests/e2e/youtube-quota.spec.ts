import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { adminContext } from "./support/admin";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

// YouTube's daily quota in the back office (issue 35): today's units per kind of call, the reserve and what is
// left, and the days before; in English on a desktop and in Persian on a phone.

test("en-US desktop, then fa-IR phone: the admin sees today's YouTube units by kind and the days before", async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL!);
  const answer = await admin.request.get("/api/admin/youtube/quota");
  expect(answer.status()).toBe(200);
  const { today } = ((await answer.json()) as { data: { today: { quota: number; reserve: number; state: string } } }).data;
  expect(today).toMatchObject({ quota: 10_000, reserve: 1_000, state: "open" });

  const page = await admin.newPage();
  await page.setViewportSize(DESKTOP);
  await page.goto("/en-US/admin/youtube");
  const y = enUS.admin.youtube;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(y.todayTitle);
  const kinds = page.getByTestId("youtube-quota-kinds");
  await expect(kinds.getByRole("row")).toHaveCount(8);
  await expect(kinds).toContainText(y.kinds.check);
  await expect(kinds).toContainText(y.reserve);
  await expect(page.getByTestId("youtube-quota-today")).toContainText(y.open.split("{time}")[0]!);
  await expect(page.getByRole("link", { name: enUS.admin.shell.youtube })).toHaveAttribute("aria-current", "page");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-youtube-en-desktop.png", fullPage: true });

  await page.setViewportSize(PHONE);
  await page.goto("/admin/youtube");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faIR.admin.youtube.todayTitle);
  await expect(page.getByTestId("youtube-quota-kinds")).toContainText(faIR.admin.youtube.kinds.recheck);
  await expect(page.getByTestId("youtube-quota-today")).toContainText("۱۰٬۰۰۰");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-youtube-fa-phone.png", fullPage: true });
  await admin.close();
});
