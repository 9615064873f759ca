import { expect, test } from "./support/fixtures";

const sizes = [
  { name: "mobile", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

test.describe("landing page", () => {
  for (const { name, width, height } of sizes) {
    for (const prefix of ["", "/en-US"]) {
      const locale = prefix ? "en-US" : "fa-IR";
      test(`renders every section without horizontal overflow (${locale}, ${name})`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        await page.goto(prefix || "/");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("tablist")).toBeVisible();
        await expect(page.locator("#steps-title")).toBeVisible();
        await expect(page.locator("#join-title")).toBeVisible();
        await expect(page.getByTestId("landing-stats")).toHaveAttribute("aria-busy", "false");
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/screens/landing-${locale}-${name}.png`, fullPage: true });
      });
    }
  }

  test("shows the figures of GET /api/stats, counted in the database, in each locale's digits", async ({ page }) => {
    const answer = await page.request.get("/api/stats");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toContain("max-age=60");
    const { data } = (await answer.json()) as { data: Record<string, number> };
    expect(Object.keys(data).sort()).toEqual(["boosters_paid", "campaigns_run", "rials_paid_out", "tasks_completed"]);
    await page.goto("/en-US");
    const figures = page.getByTestId("landing-stats");
    await expect(figures).toHaveAttribute("aria-busy", "false");
    const en = new Intl.NumberFormat("en-US");
    await expect(figures.getByRole("definition").nth(0)).toHaveText(en.format(data.campaigns_run!));
    await expect(figures.getByRole("definition").nth(1)).toHaveText(en.format(data.tasks_completed!));
    await expect(figures.getByRole("definition").nth(2)).toHaveText(en.format(data.boosters_paid!));
    await expect(figures.getByRole("definition").nth(3)).toContainText("IRR");
    await page.goto("/");
    await expect(page.getByTestId("landing-stats")).toHaveAttribute("aria-busy", "false");
    const fa = new Intl.NumberFormat("fa-IR");
    await expect(page.getByTestId("landing-stats").getByRole("definition").nth(0)).toHaveText(fa.format(data.campaigns_run!));
    await expect(page.getByTestId("landing-stats")).not.toContainText(/[0-9]/);
    await expect(page.getByTestId("landing-stats").getByRole("definition").nth(3)).toContainText("ریال");
  });

  test("the producers/boosters switch starts on producers and follows the header links", async ({ page }) => {
    await page.goto("/en-US");
    const producers = page.getByRole("tab", { name: "I make content" });
    const boosters = page.getByRole("tab", { name: "I want to earn" });
    await expect(producers).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("#audience-title")).toHaveText("Why producers choose Takapoo");
    await boosters.click();
    await expect(boosters).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("#audience-title")).toHaveText("Why boosters earn with Takapoo");
    await page.getByRole("banner").getByRole("link", { name: "For producers" }).click();
    await expect(producers).toHaveAttribute("aria-selected", "true");
  });

  test("the footer offers the configured app store and hides the unconfigured one", async ({ page }) => {
    await page.goto("/en-US");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Download on the App Store" })).toHaveAttribute(
      "href",
      "https://apps.apple.com/app/id0000000000",
    );
    await expect(footer.getByRole("link", { name: "Get it on Google Play" })).toHaveCount(0);
  });

  test("has Organization structured data, canonical and hreflang alternates", async ({ page }) => {
    await page.goto("/en-US");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({ "@type": "Organization", name: "Takapoo" });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/en-US$/);
    for (const hreflang of ["fa-IR", "en-US", "tr-TR", "ar-AE", "x-default"]) {
      await expect(page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveCount(1);
    }
  });
});

test("contact shows every configured channel with the right kind of link", async ({ page }) => {
  await page.goto("/en-US/contact");
  const links = page.getByTestId("contact-links").getByRole("link");
  await expect(links).toHaveCount(5);
  await expect(page.getByRole("link", { name: /Phone/ })).toHaveAttribute("href", /^tel:\+/);
  await expect(page.getByRole("link", { name: /E-mail/ })).toHaveAttribute("href", /^mailto:/);
  await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  await expect(page.getByRole("link", { name: /Telegram/ })).toHaveAttribute("href", /^https:\/\/t\.me\//);
  await expect(page.getByRole("link", { name: /Instagram/ })).toHaveAttribute("href", /^https:\/\/www\.instagram\.com\//);
  await page.goto("/contact#support");
  await expect(page.locator("#support")).toBeVisible();
  await page.screenshot({ path: "test-results/screens/contact-fa.png", fullPage: true });
});

test("robots.txt keeps crawlers out of private areas and points at the sitemap, which lists every public page in every locale", async ({
  request,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  for (const area of ["/dashboard", "/auth", "/admin", "/api"]) expect(robots).toContain(`Disallow: ${area}`);
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of ["", "/contact", "/pages/about", "/pages/terms", "/pages/privacy"]) {
    for (const prefix of ["", "/en-US", "/tr-TR", "/ar-AE"]) {
      const loc = `${prefix}${path}` || "/";
      expect(xml).toMatch(new RegExp(`<loc>https?://[^<]+${loc.replace(/\//g, "\\/")}</loc>`));
    }
  }
});
