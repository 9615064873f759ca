import sharp from "sharp";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "./fixtures";
import { freshNationalId, melliIban, signUpViaApi } from "./accounts";

/** Charges the signed-in user's wallet through the sandbox, by the API (the wallet spec covers the pages). */
export async function fundWallet(request: APIRequestContext, amount: number) {
  const charged = await request.post("/api/wallet/charge", { data: { amount, gateway: "sandbox" } });
  expect(charged.status()).toBe(200);
  const { data } = (await charged.json()) as { data: { redirect_url: string } };
  const authority = data.redirect_url.split("/").at(-1)!;
  const decided = await request.post(`/api/payments/sandbox/${authority}/decision`, { data: { decision: "pay" } });
  const { data: decision } = (await decided.json()) as { data: { redirect_url: string } };
  await request.get(decision.redirect_url, { maxRedirects: 0 });
}

/** Fills the signed-in user's identity and sends a card photo; the admin approves it. Returns the user's id. */
export async function verifyIdentity(request: APIRequestContext, admin: BrowserContext): Promise<string> {
  expect(
    (await request.patch("/api/me", { data: { national_id: freshNationalId(), birth_date: "1990-03-21", iban: melliIban() } })).status(),
  ).toBe(200);
  const card = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#9ab" } })
    .jpeg()
    .toBuffer();
  const requested = await request.post("/api/me/identity-verification", {
    multipart: { card: { name: "card.jpg", mimeType: "image/jpeg", buffer: card } },
  });
  expect(requested.status()).toBe(200);
  const { data: me } = (await (await request.get("/api/me")).json()) as { data: { id: string } };
  expect((await admin.request.post(`/api/admin/users/${me.id}/identity/approve`)).status()).toBe(200);
  return me.id;
}

/** A new person in a browser of their own, signed up, identity verified by the admin: a booster. */
export async function verifiedBooster(browser: Browser, baseURL: string, admin: BrowserContext, locale = "en-US") {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUpViaApi(page, { locale });
  await verifyIdentity(page.request, admin);
  return { context, page };
}

/** A producer's sign-up and campaign beyond the usual: its locale, a Smart campaign's amount, what the wallet is charged. */
type CampaignOptions = { locale?: string; amount?: number; fund?: number };

/**
 * A producer (the page's user, signed up here) with an active campaign on `link`, Smart by default (likes,
 * comments, views, watch time; 2,000,000 Rials) or Monetize (1,000 subscribers and an hour of watch time): the
 * wallet is charged, the campaign paid from it and approved by the admin. Returns the campaign's id.
 */
export async function liveCampaign(
  page: Page,
  admin: BrowserContext,
  name: string,
  link: string,
  network: "youtube" | "instagram",
  strategy: "smart" | "monetize" = "smart",
  options: CampaignOptions = {},
) {
  const id = await campaignInReview(page, name, link, network, strategy, options);
  expect((await admin.request.post(`/api/admin/campaigns/${id}/approve`)).status()).toBe(200);
  return id;
}

/** The same producer and campaign, paid and waiting for the admin's review. Returns the campaign's id. */
export async function campaignInReview(
  page: Page,
  name: string,
  link: string,
  network: "youtube" | "instagram",
  strategy: "smart" | "monetize" = "smart",
  { locale, amount = 2_000_000, fund = strategy === "smart" ? 5_000_000 : 50_000_000 }: CampaignOptions = {},
) {
  await signUpViaApi(page, { locale });
  await fundWallet(page.request, fund);
  const plan = strategy === "smart" ? { strategy, amount } : { strategy, hours: 1 };
  const created = await page.request.post("/api/campaigns", {
    data: { name, network, ...plan, link, follower_count: 5000, gateway: "wallet", accept_policies: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { data: { campaign: { id: string } } }).data.campaign.id;
}

/**
 * The page's user as a verified booster (fa-IR) with 5,000,000 Rials of withdrawable earnings, earned through the
 * earn flow's API: for the moment of one task an Instagram like is priced that high, all of it the booster's (the
 * price is put back at once); a producer's campaign, the booster's proof, the admin's approval, the release job
 * 8 days on by the test clock. Returns the booster's phone (09…).
 */
export async function boosterWithEarnings(admin: BrowserContext, booster: Page): Promise<string> {
  const link = `https://www.instagram.com/takapoo.payout.${Date.now() % 1_000_000}/`;

  // Earnings of 5,000,000 Rials through the earn flow's API: for this test one Instagram like is worth that much,
  // all of it the booster's; the producer's campaign, the booster's proof, the review, and the release 8 days on.
  const prices = (
    (await (await admin.request.get("/api/pricing")).json()) as {
      data: { network: string; action: string; price: number; booster_share: number }[];
    }
  ).data;
  const like = prices.find((p) => p.network === "instagram" && p.action === "like")!;
  const setLike = (price: number, share: number) =>
    admin.request.put("/api/admin/pricing", { data: { prices: [{ network: "instagram", action: "like", price, booster_share: share }] } });
  expect((await setLike(5_000_000, 1)).status()).toBe(200);
  let activityId: string;
  let phone: string;
  try {
    // The producer in a browser context of their own, at the tests' address (a new context is given none).
    const producerContext = await admin.browser()!.newContext({ baseURL: test.info().project.use.baseURL });
    const producer = await producerContext.newPage();
    const campaignId = await liveCampaign(producer, admin, "Payout e2e", link, "instagram", "smart", {
      amount: 25_000_000,
      fund: 30_000_000,
    });
    await producerContext.close();

    ({ phone } = await signUpViaApi(booster, { locale: "fa-IR" }));
    await verifyIdentity(booster.request, admin);
    const started = await booster.request.post(`/api/tasks/${campaignId}.likes/start`);
    expect(started.status(), await started.text()).toBe(201);
    activityId = ((await started.json()) as { data: { id: string } }).data.id;
  } finally {
    expect((await setLike(like.price, like.booster_share)).status()).toBe(200);
  }
  const shot = await sharp({ create: { width: 360, height: 780, channels: 3, background: "#fdfdfd" } })
    .png()
    .toBuffer();
  expect(
    (
      await booster.request.post(`/api/activities/${activityId}/screenshot`, {
        multipart: { screenshot: { name: "shot.png", mimeType: "image/png", buffer: shot } },
      })
    ).status(),
  ).toBe(200);
  const submitted = await booster.request.post(`/api/activities/${activityId}/submit`, {
    data: { post_link: link, proof_username: "@payout.e2e" },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  expect((await admin.request.post(`/api/admin/activities/${activityId}/approve`)).status()).toBe(200);
  const released = await admin.request.post("/api/test-clock/run", { data: { job: "release-rewards", advance_seconds: 8 * 86_400 } });
  expect(released.status(), await released.text()).toBe(200);
  const wallet = ((await (await booster.request.get("/api/wallet")).json()) as { data: { earnings_balance: number } }).data;
  expect(wallet.earnings_balance).toBeGreaterThanOrEqual(5_000_000);

  return phone;
}
