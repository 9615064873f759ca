import { expect, type Page } from "./fixtures";

/** A Smart YouTube campaign created through the API from the wallet, as `page`'s signed-in producer; its id. */
export async function createCampaign(
  page: Page,
  { name, amount = 2_000_000, handle = "takapoo_changes" }: { name: string; amount?: number; handle?: string },
): Promise<string> {
  const created = await page.request.post("/api/campaigns", {
    data: {
      name,
      network: "youtube",
      strategy: "smart",
      amount,
      link: `https://www.youtube.com/@${handle}`,
      follower_count: 5000,
      gateway: "wallet",
      accept_policies: true,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { data: { campaign: { id: string } } }).data.campaign.id;
}

/** The campaign as the API answers its owner (the fields a test reads, typed by the caller). */
export async function campaignOf<T>(page: Page, id: string): Promise<T> {
  const answer = await page.request.get(`/api/campaigns/${id}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/** The wallet's balance as the API says it. */
export async function walletBalance(page: Page): Promise<number> {
  return ((await (await page.request.get("/api/wallet")).json()) as { data: { wallet_balance: number } }).data.wallet_balance;
}
