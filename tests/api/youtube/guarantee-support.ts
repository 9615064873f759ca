/**
 * What the refill guarantee's tests share: a fake of Google (OAuth and the YouTube Data API with the
 * boosters' tokens) for the file, the production adapter aimed at it, boosters connected through the
 * consent page, and a finished campaign whose delivered subscriptions were released, its window about
 * to close.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { activities, campaigns, ledgerAccounts } from "@/server/db/schema";
import { youtubeAccounts, type YoutubeAccounts } from "@/server/adapters/youtube-account";
import { releaseDueRewards } from "@/server/activities/retention";
import { youtubeRecheck } from "@/server/youtube/check";
import { apiTest } from "@/tests/api/support/fixture";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";
import type { TargetLine } from "@/tests/api/support/earn-fixtures";
import { startFakeYoutube, type FakeYoutube } from "@/tests/support/fake-youtube";
import { fakeGoogleState, fakeGoogleUser, type FakeGoogleState } from "@/tests/support/fake-google-account";

export const TARGET = "UCtakapooTargetChannel01";
export const VIDEO = "dQw4w9WgXcQ";
export const DAY = 86_400_000;
export let google: FakeGoogleState;
export let fake: FakeYoutube;

export function adapter(timeoutMs = 3_000): YoutubeAccounts {
  return youtubeAccounts({
    clientId: "test-client",
    clientSecret: "test-secret",
    likeChecks: true,
    authUrl: `${fake.url}/o/oauth2/v2/auth`,
    tokenUrl: `${fake.url}/token`,
    revokeUrl: `${fake.url}/revoke`,
    apiBaseUrl: fake.url,
    timeoutMs,
  });
}

beforeAll(async () => {
  google = fakeGoogleState({
    clientId: "test-client",
    clientSecret: "test-secret",
    users: Array.from({ length: 40 }, (_, i) =>
      fakeGoogleUser(`g${i}@gmail.test`, { id: `UCfakeGuaranteeChann${String(i).padStart(4, "0")}`, title: `Booster ${i}` }),
    ),
    handles: new Map([["@takapoo_channel", TARGET]]),
    videos: new Map([[VIDEO, TARGET]]),
  });
  fake = await startFakeYoutube({ apiKey: "unused", google });
});
afterAll(() => fake.close());

/** Google accounts handed out so far in this file: each booster gets one of their own. */
let accountsUsed = 0;

export const it = apiTest
  .extend("accounts", (): YoutubeAccounts => adapter())
  .extend(
    "row",
    ({ database }) =>
      async (id: string) =>
        (await database.db.select().from(activities).where(eq(activities.id, id)))[0]!,
  )
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
        const started = await call("youtube/connect", { likes: true }, { token: booster.token });
        expect(started.status).toBe(200);
        const authorize = new URL(started.body.data.authorize_url as string);
        const form = new URLSearchParams(authorize.searchParams);
        form.set("account", String(account));
        form.set("decision", "allow");
        const consented = await fetch(authorize.origin + authorize.pathname, { method: "POST", body: form, redirect: "manual" });
        const back = new URL(consented.headers.get("location")!);
        const cookie = started.cookies.map((c) => c.split(";")[0]).join("; ");
        const done = await call(`youtube/callback${back.search}`, undefined, { method: "GET", cookie });
        expect(done.response.headers.get("location")).toMatch(/\/dashboard\/profile\?youtube=connected$/);
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
        return {
          id,
          producer,
          boosters,
          ids,
          completedAt,
          reward: (await database.db.select().from(activities).where(eq(activities.id, ids[0]!)))[0]!.reward,
        };
      },
  )
  .override("client", ({ serial }) => ({ address: `10.7.29.${serial % 250}` }))
  .override("appDeps", ({ accounts }) => ({ youtubeAccounts: accounts }));

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
