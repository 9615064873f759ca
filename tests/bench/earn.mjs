// The boosters' bench (part of `npm run bench`, or alone: node tests/bench/earn.mjs), on PostgreSQL with
// 100,000 active campaigns, 10,000 boosters and 500,000 past activities, each figure a ratio measured
// side by side in this run:
// - GET /api/tasks at 32 connections ÷ pgbench running the statements one request of it ran (target ≥ 25 %),
//   with its p99 and the EXPLAIN of the feed's statement;
// - watch-session heartbeats (POST /api/watch-sessions/{id}/beat, 1,000 sessions of 1,000 boosters) ÷
//   GET /api/ip/info on the same server (target ≥ 50 %);
// - the release job over 100,000 due rewards (its time), and its rate ÷ pgbench running the same
//   writes per reward (lock the activity, move held → earnings, record the transfer, complete it) at the
//   job's concurrency on scratch copies of the tables.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { captureStatements, pgbenchAt } from "./pgbench.mjs";
import { accessToken, freshDatabase, paidFromPromotions, pgArgs, run, startApi } from "./api-process.mjs";
import { eachPost, load } from "./load.mjs";

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_EARN_SECONDS || 8);
const WARMUP_SECONDS = 2;
const DB = "takapoo_bench_earn";
const { url, psql } = freshDatabase(DB);
const port = await startApi(url);
const base = `http://127.0.0.1:${port}`;

// 1,000 producers and 10,000 verified boosters (b1 … b10000); 100 active campaigns per producer wanting
// likes and comments; 100,000 completed and 400,000 denied past activities; 1,000 boosters watching.
const lines = `{"lines":[{"metric":"likes","action":"like","unitPrice":5000,"max":1000},{"metric":"comments","action":"comment","unitPrice":20000,"max":100}],"subtotal":7000000,"fee":0,"total":7000000}`;
console.log("earn bench: loading 100,000 campaigns, 10,000 boosters, 600,000 activities …");
psql(`
  create temp table producers as select gen_random_uuid() as id, g from generate_series(1, 1000) g;
  insert into users (id, first_name, phone, phone_verified_at) select id, 'P' || g, '+98935' || lpad(g::text, 7, '0'), now() from producers;
  create table bench_boosters as select gen_random_uuid() as id, gen_random_uuid() as session_id, g from generate_series(1, 10000) g;
  insert into users (id, first_name, phone, phone_verified_at, identity_status)
    select id, 'B' || g, '+98912' || lpad(g::text, 7, '0'), now(), 'identity_verified' from bench_boosters;
  insert into sessions (id, user_id, expires_at) select session_id, id, now() + interval '1 day' from bench_boosters;
  create table bench_campaigns as select gen_random_uuid() as id, g from generate_series(1, 100000) g;
  insert into campaigns (id, owner_id, name, network, strategy, link, follower_count, status, invoice, budget, created_at)
    select c.id, p.id, 'Campaign ' || c.g, 'youtube', 'smart', 'https://www.youtube.com/@bench', 1000, 'active', '${lines}', 7700000,
      now() - (c.g || ' seconds')::interval
    from bench_campaigns c join producers p on p.g = 1 + (c.g % 1000);
  insert into activities (campaign_id, booster_id, metric, action, type, quantity, status, budget, cost, reward, post_link, check_method, expires_at, created_at)
    select c.id, b.id, 'likes', 'like', 'video', 1, case when a <= 100000 then 'completed' else 'denied' end, 5000, 5000, 3000,
      'https://www.youtube.com/@bench', 'review', now() - interval '30 days', now() - interval '30 days'
    from generate_series(1, 500000) a
    join bench_boosters b on b.g = 1 + (a % 10000)
    join bench_campaigns c on c.g = 1 + ((a * 7) % 100000);
`);

// 100,000 rewards due for release (10 per booster, on their comments lines), held in earnings_held,
// paid there from promotions so the ledger's invariants hold.
psql(paidFromPromotions("earnings_held", 10_000));
psql(`
  insert into activities (campaign_id, booster_id, metric, action, type, quantity, status, budget, cost, reward, post_link,
      check_method, decided_by, expires_at, approved_at, release_at, created_at)
    select c.id, b.id, 'comments', 'comment', 'video', 1, 'approved', 1667, 1667, 1000, 'https://www.youtube.com/@bench', 'review', 'admin',
      now() - interval '10 days', now() - interval '8 days', now() - interval '1 day' - (a || ' seconds')::interval, now() - interval '10 days'
    from generate_series(1, 100000) a
    join bench_boosters b on b.g = 1 + (a % 10000)
    join bench_campaigns c on c.g = 1 + (a % 100000);
`);

// 1,000 boosters each watching one video (a session that never completes, so every beat is judged).
psql(`
  create table bench_watch as select b.id as booster_id, b.session_id, gen_random_uuid() as activity_id, gen_random_uuid() as watch_id, b.g
    from bench_boosters b where b.g <= 1000;
  insert into activities (id, campaign_id, booster_id, metric, action, type, quantity, status, budget, reward, post_link, check_method, expires_at)
    select w.activity_id, c.id, w.booster_id, 'views_per_post', 'view', 'video', 1, 'in_progress', 1500, 900,
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'watch', now() + interval '1 day'
    from bench_watch w join bench_campaigns c on c.g = 50000 + w.g;
  insert into watch_sessions (id, activity_id, booster_id, required_seconds) select watch_id, activity_id, booster_id, 1000000000 from bench_watch;
  create unique index on bench_watch (g);
  vacuum analyze;
  checkpoint;
`);
const counts = psql(
  "select (select count(*) from campaigns where status = 'active'), (select count(*) from users where identity_status = 'identity_verified'), (select count(*) from activities)",
).trim();
console.log(`earn bench: loaded (active campaigns|boosters|activities) ${counts}`);

const [first] = psql("select id || ' ' || session_id from bench_boosters where g = 5001")
  .trim()
  .split("\n")
  .map((row) => row.split(" "));
const feedToken = await accessToken(first[0], first[1]);
const watchers = await Promise.all(
  psql("select booster_id || ' ' || session_id || ' ' || watch_id from bench_watch order by g")
    .trim()
    .split("\n")
    .map(async (row) => {
      const [booster, session, watch] = row.split(" ");
      return { token: await accessToken(booster, session), watch };
    }),
);

// 1. The feed against pgbench on its own statements.
/** pgbench at the load's own concurrency and duration, on this bench's database. */
const replay = pgbenchAt({ pgArgs, database: DB, clients: CONNECTIONS, seconds: SECONDS, warmup: WARMUP_SECONDS });
const feedOptions = {
  url: `${base}/api/tasks?per_page=10`,
  connections: CONNECTIONS,
  headers: { authorization: `Bearer ${feedToken}`, accept: "application/json" },
};
await load({ ...feedOptions, duration: WARMUP_SECONDS });
const statements = await captureStatements(feedOptions.url, feedOptions.headers);
const feed = await load({ ...feedOptions, duration: SECONDS });
const feedDb = replay(statements);

// 2. Heartbeats against GET /api/ip/info, on the same server, one after the other.
const beatOptions = eachPost(base, CONNECTIONS, (n) => {
  const watcher = watchers[(n - 1) % watchers.length];
  return {
    path: `/api/watch-sessions/${watcher.watch}/beat`,
    headers: { authorization: `Bearer ${watcher.token}`, "content-type": "application/json", accept: "application/json" },
    // Each session's own position, a second further each beat (a global count overran the largest
    // position a beat may name once the beats got fast: 422s).
    body: JSON.stringify({ position: (watcher.position = (watcher.position ?? 0) + 1), playing: true, visible: true }),
  };
});
const ipOptions = { url: `${base}/api/ip/info`, connections: CONNECTIONS, headers: { "x-forwarded-for": "5.160.0.1" } };
await load({ ...beatOptions, duration: WARMUP_SECONDS });
await load({ ...ipOptions, duration: WARMUP_SECONDS });
// Interleaved, four rounds of a quarter of the time each (beats, then ip/info): whatever else this
// shared machine does meanwhile falls on both, not on one of them. Each figure is its rounds' total.
const rounds = { beats: [], ip: [] };
for (let round = 0; round < 4; round++) {
  rounds.beats.push(await load({ ...beatOptions, duration: SECONDS / 4 }));
  rounds.ip.push(await load({ ...ipOptions, duration: SECONDS / 4 }));
}
const combined = (results) => ({
  requests: { average: results.reduce((n, r) => n + r.requests.total, 0) / results.reduce((n, r) => n + r.duration, 0) },
  latency: { p99: Math.max(...results.map((r) => r.latency.p99)) },
  errors: results.reduce((n, r) => n + r.errors, 0),
  non2xx: results.reduce((n, r) => n + r.non2xx, 0),
});
const beats = combined(rounds.beats);
const ip = combined(rounds.ip);
// The database's side alone: pgbench on one beat's statement, each client beating its own session
// (the recorded watcher's ids swapped for the client's row of bench_watch).
const [watcher] = watchers;
const [watcherRow] = psql("select booster_id || ' ' || session_id from bench_watch where g = 1").trim().split("\n");
const [watcherId, watcherSession] = watcherRow.split(" ");
const ofClient = (column) => `(select ${column} from bench_watch where g = :client_id + 1)`;
const beatStatements = await captureStatements(
  `${base}/api/watch-sessions/${watcher.watch}/beat`,
  { authorization: `Bearer ${watcher.token}`, "content-type": "application/json", accept: "application/json" },
  { method: "POST", body: JSON.stringify({ position: 86_000, playing: true, visible: true }) },
);
const beatDb = replay(beatStatements, {
  // The beat travels as arrays of one (a batch of one beat): '{"<id>"}' becomes array[the client's id].
  perClient: Object.fromEntries(
    [
      [watcher.watch, "watch_id"],
      [watcherId, "booster_id"],
      [watcherSession, "session_id"],
    ].flatMap(([value, column]) => [
      [value, ofClient(column)],
      [`{"${value}"}`, `array[${ofClient(column)}]`],
    ]),
  ),
});

// 3. The release job over 100,000 due rewards, then pgbench on the same writes (scratch copies).
// BENCH_EARN_RELEASE=0 skips it (it takes minutes).
const releasing = process.env.BENCH_EARN_RELEASE !== "0";
const due = psql("select count(*) from activities where status = 'approved' and release_at <= now()").trim();
const worker = releasing
  ? spawnSync(process.execPath, ["--import", "tsx", "tests/bench/earn-worker.ts"], {
      env: { ...process.env, BENCH_DATABASE_URL: url },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    })
  : { status: 0, stdout: '{"released":0,"dropped":0,"seconds":0,"violations":0}' };
if (worker.status !== 0) throw new Error(`release worker failed: ${worker.stderr}`);
const release = JSON.parse(worker.stdout.trim().split("\n").at(-1));
const RELEASE_CLIENTS = 4; // server/activities/retention.ts RELEASE_CONCURRENCY
psql(`
  create table scratch_accounts (n int primary key, balance bigint not null);
  insert into scratch_accounts select g, 1000000000 from generate_series(1, 20002) g;
  create table scratch_activities (n int primary key, status text not null, released_at timestamptz);
  insert into scratch_activities select g, 'approved', null from generate_series(1, 100000) g;
  create table scratch_transfers (like ledger_transfers including defaults including indexes);
  vacuum analyze;
`);
const dir = mkdtempSync(path.join(os.tmpdir(), "takapoo-earn-bench-"));
const script = path.join(dir, "release.sql");
writeFileSync(
  script,
  `\\set a random(1, 100000)
\\set b random(1, 10000)
BEGIN;
SELECT status FROM scratch_activities WHERE n = :a FOR UPDATE;
SELECT n FROM scratch_accounts WHERE n IN (2 * :b, 2 * :b + 1) ORDER BY n FOR UPDATE;
UPDATE scratch_accounts SET balance = balance - 1000 WHERE n = 2 * :b;
UPDATE scratch_accounts SET balance = balance + 1000 WHERE n = 2 * :b + 1;
INSERT INTO scratch_transfers (idempotency_key, debit_account_id, credit_account_id, amount, intent, status, settled_at)
  VALUES (gen_random_uuid()::text, gen_random_uuid(), gen_random_uuid(), 1000, 'reward', 'posted', now());
UPDATE scratch_activities SET status = 'completed', released_at = now() WHERE n = :a;
COMMIT;
`,
);
const pgRelease = !releasing
  ? "tps = 0 (without"
  : run("pgbench", [...pgArgs, "-n", "-c", String(RELEASE_CLIENTS), "-j", "2", "-T", String(SECONDS), "-f", script, DB]);
const releaseTps = Number(/tps = ([\d.]+) \(without/.exec(pgRelease)?.[1] ?? 0);

// The plan of the feed's own statement, as the API prepared it, with the parameters it was run with.
const feedStatement = statements.find(({ text }) => /from "campaigns"/.test(text)) ?? statements[0];
const literal = (value) => (value === null ? "null" : `'${String(value).replaceAll("'", "''")}'`);
const explainOf = ({ text, params }, setting = "") =>
  psql(`${setting}prepare statement as ${text};
  explain (analyze, costs off, timing off, summary off) execute statement(${params.map(literal).join(", ")});`);
const explain = explainOf(feedStatement);
// The beat's statement as the API runs it: its generic plan (a prepared statement's after five runs),
// which cannot know how many beats the arrays hold.
const beatExplain = explainOf(beatStatements[0], "set plan_cache_mode = force_generic_plan; ");

const pct = (a, b) => `${((100 * a) / b).toFixed(1)} %`;
const feedRatio = feed.requests.average / feedDb.tps;
const beatRatio = beats.requests.average / ip.requests.average;
const releaseRate = (release.released + release.dropped) / release.seconds;
console.log(
  `\nEarn bench — PostgreSQL, ${counts.replaceAll("|", " / ")} (active campaigns / boosters / activities), ${CONNECTIONS} connections, ${SECONDS} s each\n`,
);
console.log(
  `${"".padEnd(44)} ${"req/s".padStart(8)} ${"p99 ms".padStart(7)} ${"errors".padStart(7)} ${"reference".padStart(10)} ${"ratio".padStart(8)}  target`,
);
const row = (name, result, reference, ratio, target) =>
  console.log(
    `${name.padEnd(44)} ${String(Math.round(result.requests.average)).padStart(8)} ${String(result.latency.p99).padStart(7)} ${String(result.errors + result.non2xx).padStart(7)} ${String(Math.round(reference)).padStart(10)} ${pct(ratio, 1).padStart(8)}  ≥ ${target * 100} % ${ratio >= target && result.errors + result.non2xx === 0 ? "met" : "MISSED"}`,
  );
row(`GET /api/tasks vs pgbench (${feedDb.statements} statements)`, feed, feedDb.tps, feedRatio, 0.25);
row("POST watch-sessions/{id}/beat vs GET /api/ip/info", beats, ip.requests.average, beatRatio, 0.5);
console.log(`  (GET /api/ip/info alone: ${Math.round(ip.requests.average)} req/s, p99 ${ip.latency.p99} ms)`);
console.log(
  `  (pgbench on one beat's ${beatDb.statements} statement(s), ${CONNECTIONS} clients on their own sessions: ${Math.round(beatDb.tps)} tps; the beats reach ${pct(beats.requests.average, beatDb.tps)} of it)`,
);
if (releasing)
  console.log(
    `\nRelease job: ${due} due rewards → ${release.released} released, ${release.dropped} dropped in ${release.seconds.toFixed(1)} s = ${Math.round(releaseRate)} rewards/s; ` +
      `pgbench on the same writes at ${RELEASE_CLIENTS} clients: ${Math.round(releaseTps)} tps; ratio ${pct(releaseRate, releaseTps)}; ` +
      `ledger invariants after it: ${release.violations === 0 ? "hold" : `${release.violations} VIOLATIONS`}`,
  );
console.log("\nEXPLAIN of the feed's statement:");
console.log(explain);
console.log("\nEXPLAIN of a beat's statement:");
console.log(beatExplain);
process.exit(0);
