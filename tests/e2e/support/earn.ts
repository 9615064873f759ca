import sharp from "sharp";
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "./fixtures";
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

/**
 * A producer (the page's user, signed up here) with an active campaign on `link`, Smart by default (likes,
 * comments, views, watch time) or Monetize (1,000 subscribers and an hour of watch time): the wallet is
 * charged, the campaign paid from it and approved by the admin. Returns the campaign's id.
 */
export async function liveCampaign(
  page: Page,
  admin: BrowserContext,
  name: string,
  link: string,
  network: "youtube" | "instagram",
  strategy: "smart" | "monetize" = "smart",
) {
  await signUpViaApi(page);
  await fundWallet(page.request, strategy === "smart" ? 5_000_000 : 50_000_000);
  const plan = strategy === "smart" ? { strategy, amount: 2_000_000 } : { strategy, hours: 1 };
  const created = await page.request.post("/api/campaigns", {
    data: { name, network, ...plan, link, follower_count: 5000, gateway: "wallet", accept_policies: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = ((await created.json()) as { data: { campaign: { id: string } } }).data.campaign.id;
  expect((await admin.request.post(`/api/admin/campaigns/${id}/approve`)).status()).toBe(200);
  return id;
}
