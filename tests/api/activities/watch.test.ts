import { describe, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { activities, watchSessions } from "@/server/db/schema";
import { heartbeat } from "@/server/activities/watch";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";

// Views and watch time: a watch session credits only the time its heartbeats prove.

const video = { ...smartCampaign, link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" };
const views = [{ metric: "views_per_post", action: "view", unitPrice: 3_000, max: 5 }];

const it = apiTest
  // A producer's approved campaign of five views on one video, and the admin's token.
  .extend("videoCampaign", ({ approvedCampaign, person }) => approvedCampaign(views, person, video))
  // A verified booster, with what the heartbeat verb takes: the database and the caller's token claims.
  .extend("watcher", ({ person, database }) => async () => {
    const booster = await person(0, true);
    const caller = { userId: booster.user.id as string, sessionId: decodeJwt(booster.token).sid as string };
    return { ...booster, ctx: { db: database.db }, caller };
  })
  .override("client", ({ serial }) => ({ address: `10.7.11.${serial % 250}` }));

describe("watch sessions", () => {
  it("credit only playing, visible, advancing time, never more than the server's clock; enough time approves the view", async ({
    database,
    call,
    watcher,
    videoCampaign: { id: campaignId },
  }) => {
    const booster = await watcher();
    const started = await call(`tasks/${campaignId}.views_per_post/start`, {}, { token: booster.token });
    expect(started.body.data.check_method).toBe("watch");
    const id = started.body.data.id as string;
    // Watched work is not sent to a person.
    const sent = await call(`activities/${id}/submit`, { post_link: video.link }, { token: booster.token });
    expect(sent.status).toBe(409);

    const opened = await call(`activities/${id}/watch`, undefined, { token: booster.token });
    expect(opened.status).toBe(201);
    expect(opened.body.data).toMatchObject({ video_id: "dQw4w9WgXcQ", required_seconds: 30, credited_seconds: 0, beat_seconds: 3 });
    const sessionId = opened.body.data.session_id as string;

    const t0 = Date.now();
    const at = (seconds: number) => new Date(t0 + seconds * 1000);
    const beat = (position: number, seconds: number, state: { playing?: boolean; visible?: boolean } = {}) =>
      heartbeat(booster.ctx, {
        sessionId,
        caller: booster.caller,
        position,
        playing: state.playing ?? true,
        visible: state.visible ?? true,
        now: at(seconds),
      });

    expect((await beat(0, 0)).credited_seconds).toBe(0); // the first beat only sets the mark
    expect((await beat(3, 3)).credited_seconds).toBe(3);
    expect((await beat(6, 6, { playing: false })).credited_seconds).toBe(3); // paused
    expect((await beat(9, 9, { visible: false })).credited_seconds).toBe(3); // another tab in front
    expect((await beat(120, 12)).credited_seconds).toBe(6); // seeking ahead: the clock's 3 s, not 111
    expect((await beat(125, 12.5)).credited_seconds).toBe(6); // beats faster than time: half a second
    expect((await beat(140, 40)).credited_seconds).toBe(12); // a long gap: at most one beat's ceiling (6 s)
    expect((await beat(130, 43)).credited_seconds).toBe(12); // going back proves nothing
    // A beat that arrives after a later one (requests overtaking each other) credits nothing and moves no mark back.
    expect((await beat(136, 49)).credited_seconds).toBe(18);
    expect((await beat(133, 46)).credited_seconds).toBe(18);
    expect((await beat(139, 52)).credited_seconds).toBe(21); // 3 s since the beat at 49 s, not 6 since the one at 46
    // A beat's own transaction commits without waiting for the disk; the connection's next one waits again.
    const setting = await database.db.execute<{ value: string }>(sql`select current_setting('synchronous_commit') as value`);
    expect(("rows" in setting ? setting.rows : setting)[0]?.value).toBe("on");

    // Another person cannot beat this session.
    const stranger = await watcher();
    await expect(
      heartbeat(stranger.ctx, { sessionId, caller: stranger.caller, position: 200, playing: true, visible: true }),
    ).rejects.toMatchObject({
      code: "watch_session_not_found",
    });
    // Bad input over HTTP changes nothing.
    const bad = await call(`watch-sessions/${sessionId}/beat`, { position: -1, playing: true, visible: true }, { token: booster.token });
    expect(bad.status).toBe(422);

    // A reload opens a new session that carries the credit; the old one is over.
    const reopened = await call(`activities/${id}/watch`, undefined, { token: booster.token });
    expect(reopened.body.data.credited_seconds).toBe(21);
    const old = await call(`watch-sessions/${sessionId}/beat`, { position: 150, playing: true, visible: true }, { token: booster.token });
    expect(old.status).toBe(409);
    expect(old.body.error!.code).toBe("watch_session_ended");

    const next = reopened.body.data.session_id as string;
    let last;
    for (let i = 0, position = 200; i < 4; i++, position += 3)
      last = await heartbeat(booster.ctx, {
        sessionId: next,
        caller: booster.caller,
        position,
        playing: true,
        visible: true,
        now: at(100 + i * 3),
      });
    expect(last).toMatchObject({ credited_seconds: 30, done: true });
    expect(last!.activity!.activity).toMatchObject({ status: "approved", decidedBy: "watch" });
    const [row] = await database.db.select().from(activities).where(eq(activities.id, id));
    expect(row!.status).toBe("approved");
    expect(await balancesOf({ db: database.db }, { userId: booster.user.id })).toMatchObject({ held: row!.reward });
    const [ended] = await database.db.select().from(watchSessions).where(eq(watchSessions.id, next));
    expect(ended!.endedAt).not.toBeNull();
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("over HTTP: beats judged by the server's own clock, so a page cannot prove time faster than it passes", async ({
    call,
    person,
    liveCampaign,
    watcher,
    videoCampaign: { adminToken, id: campaignId },
  }) => {
    const booster = await watcher();
    const id = (await call(`tasks/${campaignId}.views_per_post/start`, {}, { token: booster.token })).body.data.id as string;
    const sessionId = (await call(`activities/${id}/watch`, undefined, { token: booster.token })).body.data.session_id as string;
    const beat = (position: number) =>
      call(`watch-sessions/${sessionId}/beat`, { position, playing: true, visible: true }, { token: booster.token });
    await beat(0);
    // Twenty beats claiming a minute of video each, as fast as they go: only the wall time between them counts.
    const began = Date.now();
    let answer;
    for (let i = 1; i <= 20; i++) answer = await beat(i * 60);
    const elapsed = (Date.now() - began) / 1000;
    expect(answer!.status).toBe(200);
    expect(answer!.body.data.done).toBe(false);
    expect(answer!.body.data.credited_seconds).toBeLessThanOrEqual(Math.ceil(elapsed) + 1);
    // A task that is not watched has no session.
    const other = await liveCampaign(adminToken, [{ metric: "likes", action: "like", unitPrice: 5_000, max: 2 }], person, video);
    const like = (await call(`tasks/${other.id}.likes/start`, {}, { token: booster.token })).body.data.id as string;
    expect((await call(`activities/${like}/watch`, undefined, { token: booster.token })).status).toBe(409);
  });

  it("beats sent together travel as one batch, each judged on its own: a signed-out caller, a stranger and a session's second beat", async ({
    database,
    call,
    watcher,
    videoCampaign: { id: campaignId },
  }) => {
    const watchers = await Promise.all([watcher(), watcher(), watcher()]);
    const sessions: string[] = [];
    for (const booster of watchers) {
      const id = (await call(`tasks/${campaignId}.views_per_post/start`, {}, { token: booster.token })).body.data.id as string;
      sessions.push((await call(`activities/${id}/watch`, undefined, { token: booster.token })).body.data.session_id as string);
    }
    const [a, b, c] = watchers as [Awaited<ReturnType<typeof watcher>>, ...Awaited<ReturnType<typeof watcher>>[]];
    const t0 = Date.now();
    const beat = (who: typeof a, session: string, position: number, seconds: number) =>
      heartbeat(who.ctx, {
        sessionId: session,
        caller: who.caller,
        position,
        playing: true,
        visible: true,
        now: new Date(t0 + seconds * 1000),
      });
    await Promise.all(sessions.map((session, i) => beat(watchers[i]!, session, 0, 0)));
    // c signs out; then, in one turn: a beats twice (3 s apart), b beats, c beats, a stranger beats b's session.
    expect((await call("auth/logout", undefined, { token: c!.token })).status).toBeLessThan(300);
    const results = await Promise.allSettled([
      beat(a, sessions[0]!, 3, 3),
      beat(a, sessions[0]!, 6, 6),
      beat(b!, sessions[1]!, 3, 3),
      beat(c!, sessions[2]!, 3, 3),
      beat(a, sessions[1]!, 9, 9),
    ]);
    const value = (i: number) => (results[i] as PromiseFulfilledResult<Awaited<ReturnType<typeof beat>>>).value;
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected", "rejected"]);
    expect([value(0).credited_seconds, value(1).credited_seconds]).toEqual([3, 6]);
    expect(value(2).credited_seconds).toBe(3);
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ code: "unauthorized" });
    expect((results[4] as PromiseRejectedResult).reason).toMatchObject({ code: "watch_session_not_found" });
    const rows = await database.db.select().from(watchSessions);
    const of = (session: string) => rows.find((row) => row.id === session)!;
    expect([of(sessions[0]!).beats, of(sessions[1]!).beats, of(sessions[2]!).beats]).toEqual([3, 2, 1]);
    expect(of(sessions[2]!).creditedSeconds).toBe(0);
  });
});
