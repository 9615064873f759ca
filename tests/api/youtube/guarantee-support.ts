/**
 * What the refill guarantee's tests share: a fake of Google (OAuth and the YouTube Data API with the
 * boosters' tokens) for the file, the production adapter aimed at it, boosters connected through the
 * consent page, and a finished campaign whose delivered subscriptions were released, its window about
 * to close.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { activities, campaigns, ledgerAccounts, notifications, transactions, type Notification } from "@/server/db/schema";
import { balancesOf } from "@/server/ledger";
import type { YoutubeAccounts } from "@/server/adapters/youtube-account";
import { releaseDueRewards } from "@/server/activities/retention";
import { activityTypeOf } from "@/lib/activities/tasks";
import { youtubeRecheck } from "@/server/youtube/recheck";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";
import type { TargetLine } from "@/tests/api/support/earn-fixtures";
import { startFakeYoutube, type FakeYoutube } from "@/tests/support/fake-youtube";
import { fakeGoogleUser, type FakeGoogleState } from "@/tests/support/fake-google-account";
import { accountsAt, consentAtGoogle, googleWith, TARGET, VIDEO, youtubeApiTest } from "@/tests/api/support/youtube-google";

export { TARGET, VIDEO };
export const DAY = 86_400_000;
export let google: FakeGoogleState;
export let fake: FakeYoutube;

export function adapter(timeoutMs = 3_000): YoutubeAccounts {
  return accountsAt(fake.url, { likeChecks: true, timeoutMs });
}

beforeAll(async () => {
  google = googleWith(
    Array.from({ length: 40 }, (_, i) =>
      fakeGoogleUser(`g${i}@gmail.test`, { id: `UCfakeGuaranteeChann${String(i).padStart(4, "0")}`, title: `Booster ${i}` }),
    ),
  );
  fake = await startFakeYoutube({ apiKey: "unused", google });
});
afterAll(() => fake.close());

/** Google accounts handed out so far in this file: each booster gets one of their own. */
let accountsUsed = 0;

export const it = youtubeApiTest(() => adapter())
  .extend(
    "campaignRow",
    ({ database }) =>
      async (id: string) =>
        (await database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!,
  )
  .extend(
    "balance",
    ({ database }) =>
      async (code: string) =>
        (await database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code)))[0]?.balance ?? 0,
  )
  // A verified booster with a YouTube channel connected through Google's consent page (like checks granted).
  .extend(
    "connectedBooster",
    ({ person, call }) =>
      async function connectedBooster() {
        const account = accountsUsed++;
        const booster = await person(0, true);
        const { location } = await consentAtGoogle(call, booster.token, account, { likes: true });
        expect(location).toMatch(/\/dashboard\/profile\?youtube=connected$/);
        return { ...booster, google: google.users[account]! };
      },
  )
  /**
   * A Smart campaign on TARGET's channel buying `units` subscriptions (guaranteed 30 days), each delivered
   * by a booster of its own (API-checked), released, the campaign completed and settled — and its
   * completion moved 28 days back, so its window closes in two days.
   */
  .extend(
    "finishedCampaign",
    ({ database, call, approvedCampaign, accounts, connectedBooster }) =>
      async function finishedCampaign(units: number) {
        const line = { metric: "subscribers", action: "subscribe", unitPrice: 20_000, max: units, refillDays: 30 } as TargetLine;
        const { id, producer } = await approvedCampaign([line]);
        const boosters = [];
        const ids: string[] = [];
        for (let i = 0; i < units; i++) {
          const booster = await connectedBooster();
          booster.google.subscriptions.add(TARGET);
          const started = await call(`tasks/${id}.subscribers/start`, {}, { token: booster.token });
          expect(started.status).toBe(201);
          const checked = await call(`activities/${started.body.data.id}/check`, {}, { token: booster.token });
          expect(checked.status).toBe(200);
          boosters.push(booster);
          ids.push(started.body.data.id as string);
        }
        const released = await releaseDueRewards(
          { db: database.db },
          { now: new Date(Date.now() + 30 * DAY), recheck: youtubeRecheck({ db: database.db }, accounts) },
        );
        expect(released).toMatchObject({ released: units, dropped: 0 });
        const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
        // Every unit delivered: the campaign completed and was settled.
        expect(row).toMatchObject({ status: "paid", delivered: { subscribers: units } });
        const completedAt = new Date(Date.now() - 28 * DAY);
        await database.db.update(campaigns).set({ completedAt }).where(eq(campaigns.id, id));
        const [unit] = await database.db.select().from(activities).where(eq(activities.id, ids[0]!));
        const wallet = async () => (await balancesOf({ db: database.db }, { userId: producer.user.id })).wallet;
        const walletAtFinish = await wallet();
        return {
          id,
          producer,
          boosters,
          ids,
          completedAt,
          reward: unit!.reward,
          /** A unit's budget (every unit's: one line, one price). */
          budget: unit!.budget,
          /** What the producer's wallet gained since the campaign finished. */
          walletGain: async () => (await wallet()) - walletAtFinish,
        };
      },
  )
  // The refund transactions (wallet lines) of a campaign.
  .extend(
    "refunds",
    ({ database }) =>
      async (campaignId: string) =>
        database.db
          .select()
          .from(transactions)
          .where(and(eq(transactions.campaignId, campaignId), eq(transactions.intent, "refund"))),
  )
  // A person's notifications of one kind.
  .extend(
    "told",
    ({ database }) =>
      async (userId: string, kind: Notification["kind"]) =>
        database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind))),
  )
  .override("client", ({ serial }) => ({ address: `10.7.29.${serial % 250}` }));

/** Moves a campaign's creation and delivery (its rollup and its activities' approval) `days` back, as if made and delivered then. */
export async function deliveredDaysAgo(db: Parameters<typeof releaseDueRewards>[0]["db"], campaignId: string, days: number) {
  await db
    .update(campaigns)
    .set({ createdAt: sql`${campaigns.createdAt} - ${days} * interval '1 day'` })
    .where(eq(campaigns.id, campaignId));
  await db.execute(sql`update campaign_delivery_days set day = day - ${days}::int where campaign_id = ${campaignId}`);
  await db
    .update(activities)
    .set({ approvedAt: sql`${activities.approvedAt} - ${days} * interval '1 day'` })
    .where(eq(activities.campaignId, campaignId));
}

export { smartCampaign };

/**
 * One unit of released, API-checked work on a finished (paid) campaign of its own, one line with a
 * 30-day guarantee counted from `completedAt`: what the guarantee's re-check looks at. Answers the campaign's id.
 */
export async function releasedUnit(
  db: Parameters<typeof releaseDueRewards>[0]["db"],
  unit: { producerId: string; boosterId: string; action: "subscribe" | "like"; link: string; completedAt: Date; approvedAt: Date },
): Promise<string> {
  const metric = unit.action === "subscribe" ? "subscribers" : "likes";
  const [campaign] = await db
    .insert(campaigns)
    .values({
      ownerId: unit.producerId,
      name: "Finished",
      network: "youtube",
      strategy: "smart",
      link: unit.link,
      followerCount: 100,
      status: "paid",
      invoice: { lines: [{ metric, action: unit.action, unitPrice: 20_000, min: 1, max: 1, amount: 20_000, refillDays: 30 }], fee: 0 },
      budget: 20_000,
      spent: 20_000,
      completedAt: unit.completedAt,
    })
    .returning();
  const at = unit.approvedAt;
  await db.insert(activities).values({
    campaignId: campaign!.id,
    boosterId: unit.boosterId,
    metric,
    action: unit.action,
    type: activityTypeOf("youtube", unit.action),
    quantity: 1,
    status: "completed",
    budget: 20_000,
    cost: 20_000,
    reward: 14_000,
    progress: 100,
    postLink: unit.link,
    checkMethod: "api",
    decidedBy: "api",
    approvedAt: at,
    releaseAt: at,
    releasedAt: at,
    expiresAt: at,
  });
  return campaign!.id;
}
