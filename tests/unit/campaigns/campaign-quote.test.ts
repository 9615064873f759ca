// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  actionsByNetwork,
  DEFAULT_PRICES,
  MONETIZE_SUBSCRIBERS,
  networks,
  strategies,
  TRIAL_TARGETS,
  type PriceEntry,
} from "@/lib/campaigns/pricing";
import { rialsToToman } from "@/lib/format/money";
import { isQuoteError, metricOfAction, quoteCampaign, SMART_WEIGHTS, type Quote, type QuoteError } from "@/lib/campaigns/quote";

function quote(result: Quote | QuoteError): Quote {
  if (isQuoteError(result)) throw new Error(`unexpected ${result.error}`);
  return result;
}

const byMetric = (q: Quote) => Object.fromEntries(q.lines.map((l) => [l.metric, l]));

describe("pricing", () => {
  it("has one default price for every action, with the booster's share in 0..1", () => {
    for (const network of networks)
      for (const action of actionsByNetwork[network]) {
        const entries = DEFAULT_PRICES.filter((p) => p.network === network && p.action === action);
        expect(entries, `${network} ${action}`).toHaveLength(1);
        expect(Number.isInteger(entries[0]?.price) && (entries[0]?.price ?? 0) > 0).toBe(true);
        expect(entries[0]?.boosterShare).toBeGreaterThan(0);
        expect(entries[0]?.boosterShare).toBeLessThanOrEqual(1);
      }
    expect(DEFAULT_PRICES).toHaveLength(actionsByNetwork.youtube.length + actionsByNetwork.instagram.length);
  });

  it("splits every smart budget by weights that add up to 100%", () => {
    for (const network of networks) expect(Object.values(SMART_WEIGHTS[network]).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it("converts Rials to Tomans, rounding down", () => {
    expect(rialsToToman(1_000_000)).toBe(100_000);
    expect(rialsToToman(15)).toBe(1);
    expect(rialsToToman(9)).toBe(0);
    expect(rialsToToman(0)).toBe(0);
  });
});

describe("quoteCampaign: smart", () => {
  it("charges exactly the amount typed: the fee is inside it and the rest is the budget for tasks, split by the weights", () => {
    const q = quote(
      quoteCampaign({ network: "youtube", strategy: "smart", amount: 1_100_000, followerCount: 1_000_000 }, DEFAULT_PRICES, 500_000),
    );
    expect(q.lines).toEqual([
      { metric: "likes", action: "like", unitPrice: 3_000, min: 80, max: 100, amount: 300_000 },
      { metric: "comments", action: "comment", unitPrice: 15_000, min: 8, max: 10, amount: 150_000 },
      { metric: "views_per_post", action: "view", unitPrice: 1_500, min: 186, max: 233, amount: 349_500 },
      { metric: "watch_minutes", action: "watch_minute", unitPrice: 2_000, min: 80, max: 100, amount: 200_000 },
    ]);
    expect(q).toMatchObject({ subtotal: 1_000_000, fee: 100_000, total: 1_100_000, walletCovers: 500_000, remaining: 600_000 });
  });

  it("the issue's 10,000,000 budget costs 10,000,000: never the old 9,999,500 + 10 % = 10,999,450", () => {
    const q = quote(quoteCampaign({ network: "youtube", strategy: "smart", amount: 10_000_000, followerCount: 1e6 }, DEFAULT_PRICES, 0));
    // 10 % of the budget for tasks, rounded down: 909,090.9… → 909,090; the odd Rial stays in the budget for tasks.
    expect(q).toMatchObject({ subtotal: 9_090_910, fee: 909_090, total: 10_000_000, remaining: 10_000_000 });
    expect(q.lines.reduce((sum, l) => sum + l.amount, 0)).toBeLessThanOrEqual(q.subtotal);
  });

  it("awkward amounts: the total is always what was typed, the fee never more than 10 % of the budget for tasks", () => {
    for (const amount of [1, 10, 11, 12, 21, 1_000_001, 3_333_333, 9_999_999, 123_456_789, 5_000_000_000]) {
      const q = quote(quoteCampaign({ network: "instagram", strategy: "smart", amount, followerCount: 1e9 }, DEFAULT_PRICES, 0));
      expect(q.total).toBe(amount);
      expect(q.subtotal + q.fee).toBe(amount);
      expect(q.fee).toBeLessThanOrEqual(q.subtotal / 10);
      // Rounded down by less than one Rial of fee: the next Rial would be more than 10 %.
      expect(q.fee + 1).toBeGreaterThan(q.subtotal / 10 - 1);
      expect(q.lines.reduce((sum, l) => sum + l.amount, 0)).toBeLessThanOrEqual(q.subtotal);
    }
    expect(quote(quoteCampaign({ network: "youtube", strategy: "smart", amount: 11, followerCount: 0 }, DEFAULT_PRICES, 0))).toMatchObject({
      subtotal: 10,
      fee: 1,
      total: 11,
    });
    expect(quote(quoteCampaign({ network: "youtube", strategy: "smart", amount: 10, followerCount: 0 }, DEFAULT_PRICES, 0))).toMatchObject({
      subtotal: 10,
      fee: 0,
      total: 10,
    });
  });

  it("covers Instagram's engagement metrics, not follows", () => {
    const q = quote(quoteCampaign({ network: "instagram", strategy: "smart", amount: 11_000_000, followerCount: 1e9 }, DEFAULT_PRICES, 0));
    expect(q.lines.map((l) => [l.metric, l.action, l.max])).toEqual([
      ["likes", "like", 1_200],
      ["comments", "comment", 125],
      ["story_views", "story_view", 1_500],
      ["story_replies", "story_reply", 50],
      ["shares", "share", 125],
      ["shares_to_story", "share_to_story", 41],
      ["views", "view", 2_000],
    ]);
    expect(q).toMatchObject({ subtotal: 10_000_000, fee: 1_000_000, total: 11_000_000 });
    expect(q.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(10_000_000 - 8_000);
    expect(q.remaining).toBe(q.total);
  });

  it("caps likes at the follower count and comments at a tenth of it; what the caps leave stays in the budget for tasks", () => {
    const q = quote(quoteCampaign({ network: "youtube", strategy: "smart", amount: 1_100_000, followerCount: 41 }, DEFAULT_PRICES, 0));
    const lines = byMetric(q);
    expect(lines.likes).toMatchObject({ max: 41, min: 32, amount: 123_000 });
    expect(lines.comments).toMatchObject({ max: 5, min: 4, amount: 75_000 });
    expect(q.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(123_000 + 75_000 + 349_500 + 200_000);
    expect(q).toMatchObject({ subtotal: 1_000_000, fee: 100_000, total: 1_100_000 });
    const none = quote(quoteCampaign({ network: "youtube", strategy: "smart", amount: 1_000_000, followerCount: 0 }, DEFAULT_PRICES, 0));
    expect(byMetric(none).likes).toMatchObject({ max: 0, min: 0, amount: 0 });
    expect(byMetric(none).comments).toMatchObject({ max: 0, min: 0, amount: 0 });
  });

  it("uses the given prices, falling back to the defaults", () => {
    const prices: PriceEntry[] = [{ network: "youtube", action: "like", price: 6_000, boosterShare: 0.5 }];
    const q = quote(quoteCampaign({ network: "youtube", strategy: "smart", amount: 1_100_000, followerCount: 1e6 }, prices, 0));
    expect(byMetric(q).likes).toMatchObject({ unitPrice: 6_000, max: 50 });
    expect(byMetric(q).comments).toMatchObject({ unitPrice: 15_000, max: 10 });
  });

  it("buys nothing of an action priced at 0", () => {
    const prices: PriceEntry[] = [{ network: "youtube", action: "view", price: 0, boosterShare: 0.6 }];
    const q = quote(quoteCampaign({ network: "youtube", strategy: "smart", amount: 1_100_000, followerCount: 1e6 }, prices, 0));
    expect(byMetric(q).views_per_post).toMatchObject({ unitPrice: 0, max: 0, min: 0, amount: 0 });
  });

  it("needs a budget", () => {
    for (const amount of [undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(quoteCampaign({ network: "youtube", strategy: "smart", amount, followerCount: 10 }, DEFAULT_PRICES, 0)).toEqual({
        error: "missing_amount",
      });
  });
});

describe("quoteCampaign: trial", () => {
  it("is free", () => {
    for (const network of networks) {
      const q = quote(quoteCampaign({ network, strategy: "trial", followerCount: 0 }, DEFAULT_PRICES, 1_000));
      expect(q).toMatchObject({ subtotal: 0, fee: 0, total: 0, walletCovers: 0, remaining: 0 });
      expect(Object.fromEntries(q.lines.map((l) => [l.metric, l.max]))).toEqual(TRIAL_TARGETS[network]);
      for (const l of q.lines) expect(l).toMatchObject({ unitPrice: 0, amount: 0, min: l.max });
    }
  });
});

describe("quoteCampaign: units (an engagement panel's order)", () => {
  it("buys exactly the quantity of every action of each network at its price, the fee on top", () => {
    for (const network of networks)
      for (const action of actionsByNetwork[network]) {
        const q = quote(quoteCampaign({ network, strategy: "units", action, quantity: 250, followerCount: 0 }, DEFAULT_PRICES, 0));
        const price = DEFAULT_PRICES.find((entry) => entry.network === network && entry.action === action)!.price;
        expect(q.lines).toEqual([expect.objectContaining({ action, unitPrice: price, min: 250, max: 250, amount: 250 * price })]);
        expect(q).toMatchObject({ subtotal: 250 * price, fee: Math.floor((250 * price) / 10), remaining: q.total });
      }
  });

  it("needs an action of the network and a quantity from 1 to 1,000,000", () => {
    const units = (action: string | undefined, quantity: number | undefined) =>
      quoteCampaign({ network: "instagram", strategy: "units", followerCount: 0, action, quantity }, DEFAULT_PRICES, 0);
    expect(units("subscribe", 10)).toEqual({ error: "missing_action" });
    expect(units(undefined, 10)).toEqual({ error: "missing_action" });
    for (const bad of [undefined, 0, -5, 1_000_001, Number.NaN]) expect(units("like", bad)).toEqual({ error: "missing_quantity" });
    expect(isQuoteError(units("follow", 1_000_000))).toBe(false);
  });
});

describe("quoteCampaign: monetize", () => {
  it("buys the partner programme's subscribers and watch hours on YouTube", () => {
    const q = quote(quoteCampaign({ network: "youtube", strategy: "monetize", hours: 4000, followerCount: 10 }, DEFAULT_PRICES, 1e12));
    expect(q.lines).toEqual([
      {
        metric: "subscribers",
        action: "subscribe",
        unitPrice: 40_000,
        min: MONETIZE_SUBSCRIBERS,
        max: MONETIZE_SUBSCRIBERS,
        amount: 40_000_000,
      },
      { metric: "watch_minutes", action: "watch_minute", unitPrice: 2_000, min: 240_000, max: 240_000, amount: 480_000_000 },
    ]);
    expect(q).toMatchObject({ subtotal: 520_000_000, fee: 52_000_000, total: 572_000_000, walletCovers: 572_000_000, remaining: 0 });
  });

  it("is YouTube only and needs 1..4000 hours", () => {
    expect(quoteCampaign({ network: "instagram", strategy: "monetize", hours: 10, followerCount: 10 }, DEFAULT_PRICES, 0)).toEqual({
      error: "strategy_network_mismatch",
    });
    for (const hours of [undefined, 0, 0.5, 4001, Number.NaN])
      expect(quoteCampaign({ network: "youtube", strategy: "monetize", hours, followerCount: 10 }, DEFAULT_PRICES, 0)).toEqual({
        error: "missing_hours",
      });
  });
});

describe("quoteCampaign: watch_time", () => {
  it("buys the minutes and the views of a 10-minute video watched to the percentage", () => {
    const q = quote(
      quoteCampaign({ network: "youtube", strategy: "watch_time", hours: 10, percentage: 50, followerCount: 0 }, DEFAULT_PRICES, 0),
    );
    expect(q.lines).toEqual([
      { metric: "watch_minutes", action: "watch_minute", unitPrice: 2_000, min: 600, max: 600, amount: 1_200_000 },
      { metric: "views_per_post", action: "view", unitPrice: 1_500, min: 120, max: 120, amount: 180_000 },
    ]);
    expect(q).toMatchObject({ subtotal: 1_380_000, fee: 138_000, total: 1_518_000 });
    const views = (percentage: number, hours = 10) =>
      byMetric(quote(quoteCampaign({ network: "youtube", strategy: "watch_time", hours, percentage, followerCount: 0 }, DEFAULT_PRICES, 0)))
        .views_per_post?.max;
    expect(views(100)).toBe(60);
    expect(views(30)).toBe(200);
    expect(views(70)).toBe(86);
    expect(views(10)).toBe(600);
    expect(views(1)).toBe(600);
    expect(views(7, 1)).toBe(60);
  });

  it("buys views on Instagram", () => {
    const q = quote(
      quoteCampaign({ network: "instagram", strategy: "watch_time", hours: 10, percentage: 50, followerCount: 0 }, DEFAULT_PRICES, 0),
    );
    expect(q.lines).toEqual([{ metric: "views", action: "view", unitPrice: 1_000, min: 120, max: 120, amount: 120_000 }]);
  });

  it("needs hours and a percentage", () => {
    const base = { network: "youtube", strategy: "watch_time", followerCount: 0 } as const;
    expect(quoteCampaign({ ...base, percentage: 50 }, DEFAULT_PRICES, 0)).toEqual({ error: "missing_hours" });
    expect(quoteCampaign({ ...base, hours: 5000, percentage: 50 }, DEFAULT_PRICES, 0)).toEqual({ error: "missing_hours" });
    expect(quoteCampaign({ ...base, hours: 5 }, DEFAULT_PRICES, 0)).toEqual({ error: "missing_percentage" });
    expect(quoteCampaign({ ...base, hours: 5, percentage: 0 }, DEFAULT_PRICES, 0)).toEqual({ error: "missing_percentage" });
    expect(quoteCampaign({ ...base, hours: 5, percentage: 101 }, DEFAULT_PRICES, 0)).toEqual({ error: "missing_percentage" });
  });
});

describe("quoteCampaign: properties", () => {
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const priceTable = fc.array(
    fc.record({
      network: fc.constantFrom(...networks),
      action: fc.constantFrom(...actionsByNetwork.youtube, ...actionsByNetwork.instagram),
      price: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constant(-1)),
      boosterShare: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { maxLength: 6 },
  );
  const input = fc.record({
    network: fc.constantFrom(...networks),
    strategy: fc.constantFrom(...strategies),
    amount: maybe(fc.oneof(fc.integer({ min: -10, max: 1e12 }), fc.double({ min: 0, max: 1e9, noNaN: true }))),
    followerCount: fc.oneof(fc.integer({ min: 0, max: 1e9 }), fc.constant(-3)),
    hours: maybe(fc.oneof(fc.integer({ min: -1, max: 4100 }), fc.double({ min: 0, max: 4100, noNaN: true }))),
    percentage: maybe(fc.oneof(fc.integer({ min: -1, max: 110 }), fc.double({ min: 0, max: 110, noNaN: true }))),
    action: maybe(fc.constantFrom("like", "comment", "view", "subscribe", "follow", "dance")),
    quantity: maybe(fc.oneof(fc.integer({ min: -1, max: 1_100_000 }), fc.double({ min: 0, max: 2e6, noNaN: true }))),
  });
  const balance = fc.oneof(fc.integer({ min: -1e6, max: 1e13 }), fc.constant(0));

  it("adds up, stays non-negative and integral, and lets the wallet cover no more than it holds", () => {
    fc.assert(
      fc.property(input, priceTable, balance, (i, prices, wallet) => {
        const result = quoteCampaign(i, prices, wallet);
        if (isQuoteError(result)) {
          const hoursOk = i.hours !== undefined && i.hours >= 1 && i.hours <= 4000;
          const percentageOk = i.percentage !== undefined && i.percentage >= 1 && i.percentage <= 100;
          const actionOk = i.action !== undefined && metricOfAction(i.network, i.action) !== null;
          const quantityOk = i.quantity !== undefined && i.quantity >= 1 && i.quantity <= 1_000_000;
          const expected =
            i.strategy === "units"
              ? !actionOk
                ? "missing_action"
                : !quantityOk
                  ? "missing_quantity"
                  : "none"
              : i.strategy === "smart"
                ? "missing_amount"
                : i.strategy === "monetize" && i.network === "instagram"
                  ? "strategy_network_mismatch"
                  : !hoursOk
                    ? "missing_hours"
                    : !percentageOk && i.strategy === "watch_time"
                      ? "missing_percentage"
                      : "none";
          expect(result.error).toBe(expected);
          if (i.strategy === "smart") expect(i.amount === undefined || i.amount < 1).toBe(true);
          return;
        }
        const q = result;
        for (const l of q.lines) {
          for (const n of [l.unitPrice, l.min, l.max, l.amount]) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
          expect(l.max).toBeGreaterThanOrEqual(l.min);
          expect(l.amount).toBe(l.max * l.unitPrice);
        }
        for (const n of [q.subtotal, q.fee, q.total, q.walletCovers, q.remaining]) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
        const planned = q.lines.reduce((s, l) => s + l.amount, 0);
        if (i.strategy === "smart") {
          expect(q.total).toBe(Math.floor(i.amount ?? 0));
          expect(q.fee).toBe(Math.floor(q.total / 11));
          expect(planned).toBeLessThanOrEqual(q.subtotal);
        } else {
          expect(q.subtotal).toBe(planned);
          expect(q.fee).toBe(Math.floor(q.subtotal / 10));
        }
        expect(q.total).toBe(q.subtotal + q.fee);
        expect(q.walletCovers).toBeLessThanOrEqual(Math.min(Math.max(wallet, 0), q.total));
        expect(q.walletCovers).toBe(Math.min(Math.max(wallet, 0), q.total));
        expect(q.remaining).toBe(q.total - q.walletCovers);
        if (i.strategy === "trial") expect(q.total).toBe(0);
        if (i.strategy === "smart") {
          expect(q.subtotal).toBeLessThanOrEqual(Math.floor(i.amount ?? 0));
          const followers = Math.max(0, i.followerCount);
          expect(byMetric(q).likes?.max ?? 0).toBeLessThanOrEqual(followers);
          expect(byMetric(q).comments?.max ?? 0).toBeLessThanOrEqual(Math.ceil(followers / 10));
        }
      }),
      { numRuns: 3000 },
    );
  });
});
