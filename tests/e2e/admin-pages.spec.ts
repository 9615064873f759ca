import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { adminContext } from "./support/admin";

test("en-US: an admin edits the English title of about; the public page shows it", async ({ page, browser, baseURL }) => {
  const m = enUS.admin;
  const title = `About Takapoo ${Date.now()}`;

  // A visitor reads the page first, so whatever caches it holds the old text.
  await page.goto("/en-US/pages/about");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  const before = await heading.textContent();
  expect(before).not.toBe(title);

  const admin = await adminContext(browser, baseURL!);
  const adminPage = await admin.newPage();
  await adminPage.goto("/en-US/admin/pages");
  await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText(m.pages.heading);
  await adminPage.getByRole("navigation", { name: m.shell.navLabel }).getByRole("link", { name: m.shell.pages }).waitFor();
  await adminPage.getByRole("link", { name: m.pages.editFor.replace("{slug}", "about") }).click();
  await adminPage.waitForURL("**/en-US/admin/pages/about");
  await expect(adminPage.getByRole("tab", { name: "English" })).toHaveAttribute("aria-selected", "true");

  const panel = adminPage.getByRole("tabpanel");
  const titleField = panel.getByLabel(m.pageEditor.title, { exact: true });
  await expect(titleField).toHaveValue(before!.trim());
  await titleField.fill(title);
  // The preview follows the typing.
  await expect(panel.getByRole("region", { name: m.pageEditor.preview })).toContainText(title);
  await panel.getByRole("button", { name: m.pageEditor.save }).click();
  await expect(panel.getByText(m.pageEditor.saved)).toBeVisible();
  const view = panel.getByRole("link", { name: `${m.pageEditor.view} ${m.pageEditor.newTab}` });
  await expect(view).toHaveAttribute("href", "/en-US/pages/about");

  // The API answers the new text at once…
  const api = await page.request.post("/api/pages/get", { headers: { "X-Locale": "en-US" }, data: { slug: "about" } });
  expect(((await api.json()) as { data: { title: string } }).data.title).toBe(title);
  // …and so does the public page.
  await page.goto("/en-US/pages/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await admin.close();
});

test("a script-injection body saved by an admin renders inert on the public page", async ({ page, browser, baseURL }) => {
  const slug = `e2e-inert-${Date.now().toString(36)}`;
  const admin = await adminContext(browser, baseURL!);
  const saved = await admin.request.put(`/api/admin/pages/${slug}/en-US`, {
    data: {
      title: "Inert",
      body: "<script>window.__pwned = true; alert(1)</script>\n\n[x](javascript:alert(1))",
      meta_title: "Inert",
      meta_description: "Inert content.",
      og_image: null,
    },
  });
  expect(saved.status()).toBe(201);
  await admin.close();

  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/en-US/pages/${slug}`);
  const article = page.locator("article");
  await expect(article.getByText("<script>window.__pwned = true; alert(1)</script>")).toBeVisible();
  await expect(article.getByText("[x](javascript:alert(1))")).toBeVisible();
  await expect(article.locator("script")).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("the back office's page screens: labelled, accessible, no sideways scrolling at 390 px (screenshots)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await adminContext(browser, baseURL!);
  const adminPage = await admin.newPage();
  for (const { locale, prefix, m } of [
    { locale: "fa-IR", prefix: "", m: faIR.admin },
    { locale: "en-US", prefix: "/en-US", m: enUS.admin },
  ] as const) {
    for (const [name, width, height] of [
      ["mobile", 390, 844],
      ["desktop", 1280, 900],
    ] as const) {
      await adminPage.setViewportSize({ width, height });
      for (const [screen, path, heading] of [
        ["list", "/admin/pages", m.pages.heading],
        ["editor", "/admin/pages/about", m.pageEditor.heading],
      ] as const) {
        await adminPage.goto(`${prefix}${path}`);
        await expect(adminPage.locator("html")).toHaveAttribute("dir", locale === "fa-IR" ? "rtl" : "ltr");
        await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText(heading);
        if (screen === "list") await expect(adminPage.getByRole("rowheader", { name: "about" })).toBeVisible();
        else await expect(adminPage.getByRole("tabpanel").getByLabel(m.pageEditor.title, { exact: true })).not.toHaveValue("");
        const overflow = await adminPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${locale} ${screen} ${name} scrolls sideways`).toBeLessThanOrEqual(0);
        const results = await new AxeBuilder({ page: adminPage }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`);
        expect(serious, `${locale} ${screen} ${name}`).toEqual([]);
        await adminPage.screenshot({ path: `test-results/screens/admin-pages-${screen}-${locale}-${name}.png`, fullPage: true });
      }
    }
  }
  await admin.close();
});
