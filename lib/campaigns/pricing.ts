/**
 * Campaign pricing: networks, strategies, the actions boosters perform and their default prices.
 * Amounts are integer Iranian Rials (1 Toman = 10 Rials). Pure and browser-safe.
 */

import { campaignNetworks as networks, campaignStrategies as strategies, type Network, type Strategy } from "@/lib/schemas/enums";
export { networks, strategies, type Network, type Strategy };

/** What a booster can be paid for, per network. */
export const actionsByNetwork = {
  youtube: ["like", "comment", "subscribe", "view", "watch_minute"],
  instagram: ["like", "comment", "follow", "story_view", "story_reply", "share", "share_to_story", "view"],
} as const;
export type YoutubeAction = (typeof actionsByNetwork.youtube)[number];
export type InstagramAction = (typeof actionsByNetwork.instagram)[number];
export type Action = YoutubeAction | InstagramAction;

/** One price: `price` Rials per action, of which `boosterShare` (0..1) goes to the booster. */
/**
 * One price: `price` Rials per action, of which `boosterShare` (0..1) goes to the booster; `refillDays`,
 * the guarantee: for so many days after a campaign ends, work of this action that is undone is delivered
 * again at no cost to the producer (0: no guarantee).
 */
export type PriceEntry = { network: Network; action: string; price: number; boosterShare: number; refillDays?: number };

const DEFAULT_BOOSTER_SHARE = 0.6;

/** The guarantee's default length per action, in days: work a network can show undone later is guaranteed; views and watch time are not. */
export const DEFAULT_REFILL_DAYS: Readonly<Record<string, number>> = { subscribe: 30, follow: 30, like: 30, comment: 30 };
/** The longest guarantee an admin may set, in days. */
export const REFILL_DAYS_MAX = 365;

/** Default prices (Rials per action) for the Iranian market; the admin's table overrides them. */
export const DEFAULT_PRICES: readonly PriceEntry[] = (
  [
    ["youtube", "like", 3_000],
    ["youtube", "comment", 15_000],
    ["youtube", "subscribe", 40_000],
    ["youtube", "view", 1_500],
    ["youtube", "watch_minute", 2_000],
    ["instagram", "like", 2_500],
    ["instagram", "comment", 12_000],
    ["instagram", "follow", 30_000],
    ["instagram", "story_view", 1_000],
    ["instagram", "story_reply", 10_000],
    ["instagram", "share", 8_000],
    ["instagram", "share_to_story", 12_000],
    ["instagram", "view", 1_000],
  ] as const
).map(([network, action, price]) =>
  Object.freeze({ network, action, price, boosterShare: DEFAULT_BOOSTER_SHARE, refillDays: DEFAULT_REFILL_DAYS[action] ?? 0 }),
);

/** The service fee: this share of a campaign's budget for tasks, rounded down (a Smart total holds it: lib/campaigns/quote.ts). */
export const PLATFORM_FEE_RATE = 0.1;

/** Subscribers a YouTube channel needs for the partner programme (the monetize strategy buys these). */
export const MONETIZE_SUBSCRIBERS = 1000;

/** The quantities a campaign's lines are counted in, per network. */
export const metricsByNetwork = {
  youtube: ["likes", "comments", "views_per_post", "watch_minutes", "subscribers"],
  instagram: ["likes", "comments", "story_views", "story_replies", "shares", "shares_to_story", "views", "follows"],
} as const;
export type YoutubeMetric = (typeof metricsByNetwork.youtube)[number];
export type InstagramMetric = (typeof metricsByNetwork.instagram)[number];
export type Metric = YoutubeMetric | InstagramMetric;

/** The action each metric counts. */
export const METRIC_ACTIONS: {
  readonly youtube: Record<YoutubeMetric, YoutubeAction>;
  readonly instagram: Record<InstagramMetric, InstagramAction>;
} = {
  youtube: { likes: "like", comments: "comment", views_per_post: "view", watch_minutes: "watch_minute", subscribers: "subscribe" },
  instagram: {
    likes: "like",
    comments: "comment",
    story_views: "story_view",
    story_replies: "story_reply",
    shares: "share",
    shares_to_story: "share_to_story",
    views: "view",
    follows: "follow",
  },
};

/** What a free trial campaign delivers, per network. */
export const TRIAL_TARGETS: {
  readonly youtube: Partial<Record<YoutubeMetric, number>>;
  readonly instagram: Partial<Record<InstagramMetric, number>>;
} = {
  youtube: { likes: 10, comments: 2, views_per_post: 50 },
  instagram: { likes: 10, comments: 2, views: 50 },
};

export const isNetwork = (value: unknown): value is Network => typeof value === "string" && (networks as readonly string[]).includes(value);
export const isStrategy = (value: unknown): value is Strategy =>
  typeof value === "string" && (strategies as readonly string[]).includes(value);

/** The price of `action` on `network` in `prices`, falling back to DEFAULT_PRICES; undefined when neither has it. */
export function findPrice(prices: readonly PriceEntry[], network: Network, action: string): PriceEntry | undefined {
  return (
    prices.find((p) => p.network === network && p.action === action) ??
    DEFAULT_PRICES.find((p) => p.network === network && p.action === action)
  );
}
