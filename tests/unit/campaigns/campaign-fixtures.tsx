import type { ReactNode } from "react";
import { afterEach, vi } from "vitest";
import type { Campaign, Quote } from "@/lib/api/campaigns";
export { fakeApi, jsonResponse } from "../support/api";

/** The router the screens push to, and the navigation module as the campaign screens' tests mock it: plain links. */
export const router = { push: vi.fn() };
export const navigationMock = {
  Link: ({ href, children, ...props }: { href: string; children: ReactNode }) => (
    <a href={String(href)} {...props}>
      {children}
    </a>
  ),
  useRouter: () => router,
};

/** Each test starts with no stubbed globals, no push, an empty session storage and the address "/". */
export function resetAfterEach() {
  afterEach(() => {
    vi.unstubAllGlobals();
    router.push.mockReset();
    window.sessionStorage.clear();
    window.history.replaceState(null, "", "/");
  });
}

export const quote: Quote = {
  lines: [
    { metric: "likes", action: "like", unit_price: 3_000, min: 80, max: 100, amount: 300_000, refill_days: 30 },
    { metric: "views_per_post", action: "view", unit_price: 1_500, min: 160, max: 200, amount: 300_000, refill_days: 0 },
  ],
  subtotal: 600_000,
  fee: 60_000,
  total: 660_000,
  wallet_covers: 500_000,
  remaining: 160_000,
  expected_end: null,
};

/** An active smart YouTube campaign of 660,000 Rials, a quarter done. */
export function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: "0b7a3c7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d",
    name: "Spring launch",
    network: "youtube",
    strategy: "smart",
    link: "https://www.youtube.com/@takapoo",
    follower_count: 1200,
    hours: null,
    percentage: null,
    status: "active",
    budget: 660_000,
    spent: 100_000,
    progress: 25,
    delivered: { likes: 50 },
    posts_worked: 1,
    invoice: quote,
    pace: null,
    guarantee_ends_at: null,
    expected_end: null,
    monthly: null,
    minimum_monthly_cost: 1_650_000,
    rejection_reason: null,
    created_at: "2025-03-20T08:30:00Z",
    ends_at: null,
    completed_at: null,
    ...overrides,
  };
}

/** A Smart campaign of 5,500,000 Rials (5,000,000 and the fee) awaiting review, nothing spent: the back office's queue. */
export function campaignInReview(overrides: Partial<Campaign> = {}): Campaign {
  return campaign({
    id: "0190f0a0-0000-7000-8000-0000000000c1",
    name: "Spring launch",
    link: "https://youtube.com/watch?v=abc",
    status: "awaiting_review",
    budget: 5_500_000,
    spent: 0,
    progress: 0,
    invoice: { lines: [], subtotal: 5_000_000, fee: 500_000, total: 5_500_000, wallet_covers: 5_500_000, remaining: 0, expected_end: null },
    created_at: "2025-03-01T10:00:00.000Z",
    ...overrides,
  });
}
