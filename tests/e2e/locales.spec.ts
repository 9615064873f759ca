import { expect, test } from "./support/fixtures";

const variants = [
  { prefix: "", locale: "fa-IR", dir: "rtl" },
  { prefix: "/fa-IR", locale: "fa-IR", dir: "rtl" },
  { prefix: "/en-US", locale: "en-US", dir: "ltr" },
  { prefix: "/tr-TR", locale: "tr-TR", dir: "ltr" },
  { prefix: "/ar-AE", locale: "ar-AE", dir: "rtl" },
] as const;
const paths = ["/", "/contact", "/pages/about", "/auth/login"];
const brand = { "fa-IR": "تکاپو", "en-US": "Takapoo", "tr-TR": "Takapoo", "ar-AE": "تكابو" } as const;

test.describe("every route in all five variants", () => {
  for (const { prefix, locale, dir } of variants) {
    for (const path of paths) {
      const url = `${prefix}${path === "/" ? "" : path}` || "/";
      test(`${url} answers 200 in ${locale} (${dir})`, async ({ page }) => {
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        if (prefix === "/fa-IR") {
          // The default locale has one URL: the prefixed one redirects permanently to it.
          expect(new URL(page.url()).pathname).toBe(path);
          expect(response?.request().redirectedFrom()).not.toBeNull();
        }
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.locator("html")).toHaveAttribute("dir", dir);
        await expect(page).toHaveTitle(new RegExp(`${brand[locale]}`));
        await expect(page.locator("h1").first()).toBeVisible();
      });
    }
  }
});

test("the /fa-IR prefix is a permanent redirect", async ({ request }) => {
  const response = await request.get("/fa-IR/contact", { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  expect(response.headers().location).toMatch(/\/contact$/);
});

test.describe("unknown paths", () => {
  const texts = { "fa-IR": "صفحه پیدا نشد", "en-US": "Page not found", "tr-TR": "Sayfa bulunamadı", "ar-AE": "الصفحة غير موجودة" } as const;
  for (const { prefix, locale } of variants) {
    for (const path of ["/no/such/page", "/dashboard/nothing-here", "/pages/no-such-page"]) {
      test(`${prefix}${path} is a localized 404 in ${locale}`, async ({ page }) => {
        const response = await page.goto(`${prefix}${path}`);
        expect(response?.status()).toBe(404);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts[locale]);
        await expect(page.getByText(path, { exact: false }).first()).toBeVisible();
        // Rendered on the server, not only after hydration.
        expect(await response?.text()).toContain(texts[locale]);
      });
    }
  }
});

test("a visitor whose country header says TR lands on /tr-TR", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-IPCountry": "TR" } });
  const page = await context.newPage();
  await page.goto("/");
  expect(new URL(page.url()).pathname).toBe("/tr-TR");
  await expect(page.locator("html")).toHaveAttribute("lang", "tr-TR");
  await context.close();
});

test("a visitor from a Turkish address with no trusted header lands on /tr-TR; an unknown one stays in Persian", async ({ browser }) => {
  const turkish = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "88.255.0.1" } });
  const page = await turkish.newPage();
  await page.goto("/contact");
  expect(new URL(page.url()).pathname).toBe("/tr-TR/contact");
  await turkish.close();

  const unknown = await browser.newContext();
  const other = await unknown.newPage();
  await other.goto("/contact");
  expect(new URL(other.url()).pathname).toBe("/contact");
  await expect(other.locator("html")).toHaveAttribute("lang", "fa-IR");
  await unknown.close();
});

test.describe("links keep the page's language", () => {
  for (const path of [
    "/en-US",
    "/en-US/contact",
    "/ar-AE/pages/about",
    "/tr-TR/auth/login",
    "/en-US/dashboard/notifications",
    "/ar-AE/no/such/page",
  ]) {
    test(`every internal link on ${path} stays in its locale`, async ({ page }) => {
      await page.goto(path);
      const prefix = `/${path.split("/")[1]}`;
      const hrefs = await page.locator('a[href^="/"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
      const internal = hrefs.filter((href) => !href.startsWith("/api/"));
      expect(internal.length).toBeGreaterThan(0);
      expect(internal.filter((href) => href !== prefix && !href.startsWith(`${prefix}/`) && !href.startsWith(`${prefix}#`))).toEqual([]);
    });
  }
});
