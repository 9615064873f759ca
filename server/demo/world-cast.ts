import type { Purpose } from "@/lib/schemas/enums";

/**
 * The demo world's people and campaigns (issue 34). Every demo person signs in with DEMO_PASSWORD; the
 * two to try are the producer and the booster README names. Phones are in a block of made-up numbers.
 */
export const DEMO_PASSWORD = "Takapoo-Demo-2026";

export type CastMember = { key: string; phone: string; firstName: string; lastName: string; purpose: Purpose };

const person = (key: string, phone: string, name: string, purpose: Purpose): CastMember => {
  const [firstName, lastName] = name.split(" ") as [string, string];
  return { key, phone, firstName, lastName, purpose };
};

/** The producer to sign in as: campaigns in every state, one with weeks of delivery. */
export const DEMO_PRODUCER = person("negar", "09120000101", "نگار رحیمی", "grow");
/** The booster to sign in as: work approved, held, released, clawed back and denied; friends invited; a payout waiting. */
export const DEMO_BOOSTER = person("sara", "09120000201", "سارا محمدی", "earn");
/** A booster of longer standing: friends who joined, and a payout the bank paid. */
export const VETERAN = person("ali", "09120000202", "علی حسینی", "earn");

export const PRODUCERS = [
  DEMO_PRODUCER,
  person("kaveh", "09120000102", "کاوه امینی", "grow"),
  person("maryam", "09120000103", "مریم صالحی", "both"),
];

export const BOOSTERS = [
  DEMO_BOOSTER,
  VETERAN,
  ...["رضا کریمی", "زهرا احمدی", "مهدی رضایی", "فاطمه موسوی", "امیر جعفری", "لیلا نوری", "حسین قاسمی", "نرگس کاظمی"].map((name, i) =>
    person(`booster${i + 3}`, `091200002${String(i + 3).padStart(2, "0")}`, name, "earn"),
  ),
];

/** Friends invited by the two boosters (eight and twelve): they register through the invitation's link. */
export const FRIENDS = [
  "پریسا یوسفی",
  "بهرام شریفی",
  "سمیرا حیدری",
  "کیان مرادی",
  "شیما اکبری",
  "آرش صادقی",
  "یاسمن رستمی",
  "پویا عباسی",
  "الهام فرهادی",
  "نیما باقری",
  "ترانه ملکی",
  "سینا طاهری",
  "مینا کریمی",
  "بابک نادری",
  "رویا سلطانی",
  "فرهاد زمانی",
  "هانیه جلالی",
  "امید توکلی",
  "نازنین شفیعی",
  "سعید خسروی",
].map((name, i) => person(`friend${i + 1}`, `091200003${String(i + 1).padStart(2, "0")}`, name, "earn"));

/** A campaign of the world: whose, how large, and what becomes of it. */
export type CastCampaign = {
  key: string;
  owner: string;
  name: string;
  link: string;
  followers: number;
  amount: number;
  /** Days ago it was created (and approved, unless it waits). */
  createdDaysAgo: number;
  fate: "active" | "completed" | "paused" | "rejected" | "awaiting_review" | "awaiting_payment";
};

export const CAMPAIGNS: CastCampaign[] = [
  {
    key: "kitchen",
    owner: "negar",
    name: "آشپزی با نگار",
    link: "https://www.youtube.com/@negar.kitchen",
    followers: 12_000,
    amount: 20_000_000,
    createdDaysAgo: 34,
    fate: "active",
  },
  {
    key: "books",
    owner: "negar",
    name: "معرفی کتاب هفته",
    link: "https://www.youtube.com/@negar.books",
    followers: 3_000,
    amount: 3_000_000,
    createdDaysAgo: 34,
    fate: "completed",
  },
  {
    key: "travel",
    owner: "kaveh",
    name: "سفرنامه کاوه",
    link: "https://www.youtube.com/@kaveh.travels",
    followers: 8_000,
    amount: 8_000_000,
    createdDaysAgo: 30,
    fate: "paused",
  },
  {
    key: "science",
    owner: "maryam",
    name: "علم به زبان ساده",
    link: "https://www.youtube.com/@maryam.science",
    followers: 20_000,
    amount: 12_000_000,
    createdDaysAgo: 26,
    fate: "active",
  },
  {
    key: "gadgets",
    owner: "kaveh",
    name: "بررسی گجت",
    link: "https://www.youtube.com/@kaveh.gadgets",
    followers: 5_000,
    amount: 4_000_000,
    createdDaysAgo: 2,
    fate: "rejected",
  },
  {
    key: "garden",
    owner: "negar",
    name: "باغچه کوچک",
    link: "https://www.youtube.com/@negar.garden",
    followers: 2_000,
    amount: 2_500_000,
    createdDaysAgo: 1,
    fate: "awaiting_review",
  },
  {
    key: "music",
    owner: "maryam",
    name: "موسیقی سنتی",
    link: "https://www.youtube.com/@maryam.music",
    followers: 6_000,
    amount: 5_000_000,
    createdDaysAgo: 0,
    fate: "awaiting_payment",
  },
];
