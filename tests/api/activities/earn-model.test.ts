import { describe, expect } from "vitest";
import fc from "fast-check";
import { eq, inArray, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { activities, campaigns, ledgerAccounts, watchSessions } from "@/server/db/schema";
import { drainDueRewards } from "@/server/jobs/earn";
import { heartbeat } from "@/server/activities/watch";
import { recheckEach } from "@/server/activities/retention";
import { campaignEscrowCode, checkLedgerInvariants } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";

// A model test of the boosters' lifecycle (runs on PGlite and, in CI, on PostgreSQL): random sequences
// of start / submit / watch / approve / deny / revise / release / drop on one campaign, each answer
// compared with a plain model of what should happen, and after every step the ledger's invariants, the
// escrow never below zero and the campaign's progress checked against the rows.

// Each person registers from an address of their own (registration is limited per address); the
// calls after it come from there.
let address = 0;
const it = apiTest.override("person", ({ earnWorld, client }) => (wallet = 0, verified = false) => {
  address++;
  client.address = `10.9.${Math.floor(address / 250)}.${address % 250}`;
  return earnWorld.person(wallet, verified);
});
const VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const LINES = [
  { metric: "likes", action: "like", unitPrice: 5_000, max: 2 }, // reviewed
  { metric: "views_per_post", action: "view", unitPrice: 3_000, max: 2 }, // watched
];
const METRICS = LINES.map((l) => l.metric);
const DAY = 86_400_000;

type Status = "in_progress" | "awaiting_review" | "approved" | "denied" | "completed";
type Model = { id: string; booster: number; metric: string; status: Status; revisions: number };

const op = fc.oneof(
  fc.record({ kind: fc.constant("start" as const), booster: fc.nat(2), metric: fc.constantFrom(...METRICS) }),
  fc.record({
    kind: fc.constantFrom("submit" as const, "watch" as const, "approve" as const, "deny" as const, "revise" as const),
    pick: fc.nat(20),
  }),
  fc.record({ kind: fc.constant("release" as const), drop: fc.boolean() }),
);

describe("the boosters' lifecycle against a model", () => {
  it("random sequences keep every answer, the ledger and the campaign consistent", async ({
    database,
    call,
    person,
    admin,
    liveCampaign,
  }) => {
    const adminToken = await admin();
    let releaseDay = 8;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
        const { id: campaignId } = await liveCampaign(adminToken, LINES, person, { ...smartCampaign, link: VIDEO });
        const boosters = [await person(0, true), await person(0, true), await person(0, true)];
        const model: Model[] = [];
        const live = (m: Model) => m.status !== "denied";
        const pick = (n: number, status?: Status) => {
          const pool = status ? model.filter((m) => m.status === status) : model;
          return pool.length ? pool[n % pool.length] : undefined;
        };

        for (const step of ops) {
          if (step.kind === "start") {
            const line = LINES.find((l) => l.metric === step.metric)!;
            const taken = model.filter((m) => m.metric === step.metric && live(m)).length;
            const holds = model.some((m) => m.metric === step.metric && m.booster === step.booster && live(m));
            const answer = await call(`tasks/${campaignId}.${step.metric}/start`, {}, { token: boosters[step.booster]!.token });
            if (holds || taken >= line.max) expect(answer.status, JSON.stringify(answer.body)).toBe(409);
            else {
              expect(answer.status, JSON.stringify(answer.body)).toBe(201);
              expect(answer.body.data.check_method).toBe(step.metric === "likes" ? "review" : "watch");
              model.push({ id: answer.body.data.id, booster: step.booster, metric: step.metric, status: "in_progress", revisions: 0 });
            }
          } else if (step.kind === "submit") {
            const m = pick(step.pick);
            if (!m) continue;
            const answer = await call(`activities/${m.id}/submit`, { post_link: VIDEO }, { token: boosters[m.booster]!.token });
            const ok = m.status === "in_progress" && m.metric === "likes";
            expect(answer.status).toBe(ok ? 200 : 409);
            if (ok) m.status = "awaiting_review";
          } else if (step.kind === "watch") {
            const m = pick(step.pick, "in_progress");
            if (!m || m.metric !== "views_per_post") continue;
            const opened = await call(`activities/${m.id}/watch`, undefined, { token: boosters[m.booster]!.token });
            expect(opened.status).toBe(201);
            const caller = {
              userId: boosters[m.booster]!.user.id as string,
              sessionId: decodeJwt(boosters[m.booster]!.token).sid as string,
            };
            const t0 = Date.now();
            let done = false;
            for (let i = 0; !done && i < 20; i++) {
              const beat = await heartbeat(
                { db: database.db },
                {
                  sessionId: opened.body.data.session_id,
                  caller,
                  position: i * 6,
                  playing: true,
                  visible: true,
                  now: new Date(t0 + i * 6000),
                },
              );
              done = beat.done;
            }
            expect(done).toBe(true);
            m.status = "approved";
          } else if (step.kind === "approve" || step.kind === "deny" || step.kind === "revise") {
            const m = pick(step.pick);
            if (!m) continue;
            const body =
              step.kind === "deny" ? { code: "not_done", reason: "Not there" } : step.kind === "revise" ? { note: "Show it again" } : {};
            const answer = await call(`admin/activities/${m.id}/${step.kind}`, body, { token: adminToken });
            const ok =
              step.kind === "approve"
                ? m.status === "awaiting_review"
                : step.kind === "deny"
                  ? m.status === "in_progress" || m.status === "awaiting_review"
                  : m.status === "awaiting_review" && m.revisions === 0;
            expect(answer.status, `${step.kind} ${m.status}: ${JSON.stringify(answer.body)}`).toBe(ok ? 200 : 409);
            if (ok) {
              if (step.kind === "revise") m.revisions = 1;
              m.status = step.kind === "approve" ? "approved" : step.kind === "deny" ? "denied" : "in_progress";
            }
          } else {
            // Release (or drop) every approval whose retention has passed, on a later day each time.
            releaseDay += 8;
            await drainDueRewards(
              { db: database.db },
              {
                now: () => new Date(Date.now() + releaseDay * DAY),
                recheck: recheckEach(async () => ("drop" in step && step.drop ? "dropped" : "kept")),
              },
            );
            // Only API-checked work is re-checked: reviewed and watched work is released even on a "drop" run.
            for (const m of model) if (m.status === "approved") m.status = "completed";
          }

          // The rows say what the model says.
          if (model.length) {
            const rows = await database.db
              .select({ id: activities.id, status: activities.status })
              .from(activities)
              .where(
                inArray(
                  activities.id,
                  model.map((m) => m.id),
                ),
              );
            expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual(Object.fromEntries(model.map((m) => [m.id, m.status])));
          }
          expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
          const [escrow] = await database.db
            .select()
            .from(ledgerAccounts)
            .where(eq(ledgerAccounts.code, campaignEscrowCode(campaignId)));
          if (escrow) expect(escrow.balance - escrow.pendingDebits).toBeGreaterThanOrEqual(0);
        }
        // Progress by value (lib/campaigns/progress.ts): each line's delivered units at its price, 100 only when all are delivered.
        const done = model.filter((m) => m.status === "approved" || m.status === "completed");
        const likes = done.filter((m) => m.metric === "likes").length;
        const views = done.filter((m) => m.metric === "views_per_post").length;
        const value = likes * 5_000 + views * 3_000;
        const [campaign] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
        expect(campaign!.progress).toBe(likes === 2 && views === 2 ? 100 : Math.floor((value * 100) / 16_000));
        expect(campaign!.delivered).toEqual(Object.fromEntries(Object.entries({ likes, views_per_post: views }).filter(([, n]) => n > 0)));
        // The delivery rollup (kept by a trigger with each change) equals a count over the activities, day by day.
        const counted = await database.db.execute(sql`
          select day, sum(delivered)::int as delivered, sum(dropped)::int as dropped from (
            select ((approved_at at time zone 'UTC') + interval '210 minutes')::date::text as day, quantity as delivered, 0 as dropped
              from activities where campaign_id = ${campaignId} and approved_at is not null and (status in ('approved', 'completed') or dropped_at is not null)
            union all
            select ((dropped_at at time zone 'UTC') + interval '210 minutes')::date::text, 0, quantity
              from activities where campaign_id = ${campaignId} and dropped_at is not null) t
          group by day order by day`);
        const rollup = await database.db.execute(
          sql`select day::text as day, delivered, dropped from campaign_delivery_days where campaign_id = ${campaignId} order by day`,
        );
        expect(rollup.rows).toEqual(counted.rows);
        const open = await database.db
          .select()
          .from(watchSessions)
          .where(inArray(watchSessions.activityId, model.length ? model.map((m) => m.id) : [campaignId]));
        for (const session of open)
          if (session.endedAt === null) expect(model.find((m) => m.id === session.activityId)!.status).not.toBe("approved");
      }),
      { numRuns: 12, endOnFailure: true },
    );
  });
});
