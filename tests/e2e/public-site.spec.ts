import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { signUpViaApi } from "./support/accounts";
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

test.describe("the header for a signed-in visitor", () => {
  const IRAN = { "cf-ipcountry": "IR" };

  test("shows the way back to the dashboard on the public pages, which stay one cached HTML for everyone", async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // Measured once the site's font is in the cache (it shows from the second page on: display optional).
    await page.goto("/en-US/pages/about");
    await page.goto("/en-US/pages/about");
    await page.evaluate(() => document.fonts.ready);
    const anonymousBox = await page.getByTestId("header-account").boundingBox();
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();

    // Anonymous: the page comes from the server's page cache.
    await request.get("/en-US", { headers: IRAN });
    const anonymous = await request.get("/en-US", { headers: IRAN });
    expect(anonymous.headers()["x-page-cache"]).toBe("HIT");
    const anonymousHtml = await anonymous.text();

    await signUpViaApi(page);
    const hint = (await page.context().cookies()).find((cookie) => cookie.name === "tk_signed_in");
    expect(hint?.httpOnly).toBe(false);

    // Signed in: the same cached bytes.
    const signedIn = await page.request.get("/en-US", { headers: IRAN });
    expect(signedIn.headers()["x-page-cache"]).toBe("HIT");
    expect(await signedIn.text()).toBe(anonymousHtml);

    for (const path of ["/en-US", "/en-US/pages/about", "/en-US/contact", "/en-US/sandbox-bank/unknown-authority"]) {
      await page.goto(path);
      const banner = page.getByRole("banner");
      const dashboard = banner.getByRole("link", { name: "Dashboard Sara" });
      await expect(dashboard, path).toBeVisible();
      await expect(dashboard).toHaveAttribute("href", "/en-US/dashboard");
      await expect(banner.getByRole("link", { name: "Log in" })).toBeHidden();
      await expect(banner.getByRole("link", { name: "Sign up" })).toBeHidden();
    }
    // It takes the log-in links' place without moving anything.
    await page.goto("/en-US/pages/about");
    await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard Sara" })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.getByTestId("header-account").boundingBox()).toEqual(anonymousBox);
    await page.screenshot({ path: "test-results/screens/header-signed-in-en-desktop.png" });

    await page.getByRole("banner").getByRole("link", { name: "Dashboard Sara" }).click();
    await page.waitForURL("**/en-US/dashboard");

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: faIR.nav.openMenu }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: `${faIR.nav.dashboard} Sara` })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/header-signed-in-fa-mobile.png" });
  });
});

test("every public page carries a social preview image per locale, which answers as a 1200×630 PNG", async ({ request }) => {
  const IRAN = { "cf-ipcountry": "IR" };
  const seen = new Set<string>();
  for (const prefix of ["", "/en-US"]) {
    for (const path of ["", "/contact", "/pages/about"]) {
      const url = `${prefix}${path}` || "/";
      const html = await (await request.get(url, { headers: IRAN })).text();
      const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]+)"`).exec(html)?.[1];
      const image = meta("og:image");
      expect(image, url).toMatch(new RegExp(`/${prefix ? "en-US" : "fa-IR"}/opengraph-image/card\\.png(\\?[0-9a-f]+)?$`));
      expect(meta("og:image:width"), url).toBe("1200");
      expect(meta("og:image:height"), url).toBe("630");
      expect(meta("og:image:type"), url).toBe("image/png");
      expect(new URL(meta("twitter:image")!).pathname, url).toBe(new URL(image!).pathname);
      expect(meta("og:image:alt"), url).toBeTruthy();
      expect(meta("twitter:card"), url).toBe("summary_large_image");
      seen.add(new URL(image!).pathname);
    }
  }
  expect([...seen].sort()).toEqual(["/en-US/opengraph-image/card.png", "/fa-IR/opengraph-image/card.png"]);
  for (const path of seen) {
    // Asked for the way a link-preview bot asks: no cookie, no language, from anywhere.
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["content-type"], path).toBe("image/png");
    const png = await answer.body();
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], path).toEqual([1200, 630]);
  }
});
