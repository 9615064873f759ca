// The notifications bench (part of `npm run bench`, or alone: node tests/bench/notifications.mjs), on
// PostgreSQL with the API alone (server/standalone.ts), 10,000 users with an open session each; each
// figure measured in this run:
// 1. 10,000 notification streams (GET /api/notifications/stream, each with its user's access cookie as
//    the browser's EventSource sends it) held open on ONE API instance: its memory before and after,
//    per stream (target < 20 KB), judged on the resident size after a full garbage collection (forced
//    through the API's inspector), with the size before it and V8's heap printed beside;
// 2. one committed transaction notifying all 10,000 users (notification rows and counters, then the
//    wake-up after commit, as server/notifications/notify.ts does): the time from sending COMMIT to the `re-read` event
//    on each stream, p50/p99/max over ROUNDS rounds (target p99 < 1 s, none lost);
// 3. 10 million notification rows (the counters kept consistent with them), then GET /api/me (which
//    carries the header's count) at 32 connections ÷ pgbench running the statement one request ran
//    alone, each transaction a random user (target ≥ 25 %). The API answers the callers of one turn in
//    one statement; how many one carried is printed beside.
// BENCH_NOTIFICATIONS_STREAMS and BENCH_NOTIFICATIONS_ROWS make a smaller run (trying the bench out).
// The bench process and the API each hold one socket per stream: both need `ulimit -n` above 10,000.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import pg from "pg";
import { captureStatements, pgbenchAt } from "./pgbench.mjs";
import { accessToken, apiProcesses, freePort, freshDatabase, pgArgs, startApi } from "./api-process.mjs";
import { closeStreams, openStreams } from "./sse-streams.mjs";

const STREAMS = Number(process.env.BENCH_NOTIFICATIONS_STREAMS || 10_000);
const ROWS = Number(process.env.BENCH_NOTIFICATIONS_ROWS || 10_000_000);
const ROUNDS = 5;
const CONNECTIONS = 32;
const SECONDS = 8;
const WARMUP_SECONDS = 2;
const TARGET = { kbPerStream: 20, p99Ms: 1000, ratio: 0.25 };
const DB = "takapoo_bench_notifications";
const ACCESS_COOKIE = /ACCESS_COOKIE = "([^"]+)"/.exec(readFileSync("lib/auth/cookies.ts", "utf8"))[1];
const CHANNEL = /NOTIFICATION_CHANNEL = "([^"]+)"/.exec(readFileSync("server/notifications/notify.ts", "utf8"))[1];

const openFiles = Number(/Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"))?.[1] ?? Infinity);
if (openFiles < STREAMS + 1000) {
  console.log(`notifications bench skipped: ${STREAMS} streams need \`ulimit -n\` above ${STREAMS + 1000} (it is ${openFiles})`);
  process.exit(0);
}

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const { url, psql } = freshDatabase(DB);
// The API's inspector (on loopback) lets the bench force a full garbage collection before reading its memory.
const inspectPort = await freePort();
// TRUST_PROXY=1: each stream says its own client address (X-Forwarded-For), since the API holds at most
// STREAMS_PER_ADDRESS streams per address (server/notifications/live.ts) and these are 10,000 people.
const port = await startApi(url, {
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --inspect=127.0.0.1:${inspectPort}`.trim(),
  TRUST_PROXY: "1",
});
const base = `http://127.0.0.1:${port}`;
const rssKb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${apiProcesses.get(port).pid}/status`, "utf8"))[1]);
/** The API's memory in kB: resident as it is, then after a full collection (resident, and V8's heap plus memory outside it). */
async function apiMemory() {
  const rss = rssKb();
  const [{ webSocketDebuggerUrl }] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ((socket.onopen = resolve), (socket.onerror = reject)));
  const replies = new Map();
  socket.onmessage = (message) => {
    const reply = JSON.parse(message.data);
    replies.get(reply.id)?.(reply);
  };
  let id = 0;
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      replies.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call("HeapProfiler.collectGarbage");
  await sleep(1000);
  const reply = await call("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true });
  socket.close();
  const usage = JSON.parse(reply.result.result.value);
  return { rss, rssAfterGc: usage.rss / 1024, heap: (usage.heapUsed + usage.external) / 1024 };
}
/** CPU time the API process has used (user + system), in ms (the kernel counts it in 10 ms ticks). */
const apiCpuMs = () => {
  const fields = readFileSync(`/proc/${apiProcesses.get(port).pid}/stat`, "utf8")
    .split(") ")[1]
    .split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Users and sessions with ids derived from their number, so pgbench can name a random one without a query.
const userId = (g) => `md5('bench-user-' || ${g})::uuid`;
const sessionId = (g) => `md5('bench-session-' || ${g})::uuid`;
console.log(`notifications bench: loading ${STREAMS.toLocaleString("en")} users with a session each …`);
psql(`
  create table bench_users as select g, ${userId("g")} as id, ${sessionId("g")} as session_id from generate_series(1, ${STREAMS}) g;
  create unique index on bench_users (g);
  insert into users (id, first_name, last_name, phone, phone_verified_at)
    select id, 'N' || g, 'Bench', '+98913' || lpad(g::text, 7, '0'), now() from bench_users;
  insert into sessions (id, user_id, expires_at) select session_id, id, now() + interval '1 day' from bench_users;
  vacuum analyze;
`);
const users = psql("select id || ' ' || session_id from bench_users order by g")
  .trim()
  .split("\n")
  .map((row) => row.split(" "));
const tokens = await Promise.all(users.map(([id, session]) => accessToken(id, session)));

// 1. The streams. A few opened and closed first, so the code they run is loaded before the baseline.
const path = "/api/notifications/stream";
let round = null;
const onEvent = (stream) => {
  if (!round || stream.round === round.n) return;
  stream.round = round.n;
  round.latencies.push(stream.lastAt - round.sentAt);
  if (round.latencies.length === STREAMS) round.done();
};
/** One address per person (10.x.y.z), as if each stream came from a browser of its own. */
const forwardedFor = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
closeStreams(await openStreams({ port, path, cookies: tokens.slice(0, 50).map((token) => `${ACCESS_COOKIE}=${token}`), forwardedFor }));
await sleep(3000);
const before = await apiMemory();
const openedAt = performance.now();
const streams = await openStreams({ port, path, cookies: tokens.map((token) => `${ACCESS_COOKIE}=${token}`), onEvent, forwardedFor });
const openSeconds = (performance.now() - openedAt) / 1000;
await sleep(3000);
const after = await apiMemory();
console.log(`${elapsed()}: ${STREAMS} streams open in ${openSeconds.toFixed(1)} s`);

// 2. Rounds: one transaction notifies every user (as notify() does, set-wise); COMMIT is sent at sentAt, the wake-up after it.
const client = new pg.Client({ connectionString: url });
await client.connect();
const rounds = [];
for (let n = 1; n <= ROUNDS; n++) {
  await client.query("begin");
  await client.query(
    `insert into notifications (user_id, kind, params, dedupe_key)
       select id, 'campaign_approved', jsonb_build_object('title', 'Bench ' || g), 'bench:round:${n}:' || g from bench_users`,
  );
  await client.query(`insert into notification_counters (user_id, unseen) select id, 1 from bench_users
    on conflict (user_id) do update set unseen = notification_counters.unseen + 1`);
  const [apiCpu, clientCpu] = [apiCpuMs(), process.cpuUsage()];
  const done = new Promise((resolve) => (round = { n, latencies: [], done: resolve, sentAt: performance.now() }));
  await client.query("commit");
  const commitMs = performance.now() - round.sentAt;
  // The wake-up after the commit, as the instance's notifier sends it (server/notifications/notify.ts).
  await client.query(`select count(pg_notify('${CHANNEL}', id::text)) from bench_users`);
  await Promise.race([done, sleep(30_000)]);
  const { user, system } = process.cpuUsage(clientCpu);
  rounds.push({ latencies: round.latencies, commitMs, apiCpuMs: apiCpuMs() - apiCpu, clientCpuMs: (user + system) / 1000 });
  round = null;
  await sleep(1000);
}
const end = await apiMemory();
closeStreams(streams);
await client.end();

const all = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
const at = (q) => all[Math.min(all.length - 1, Math.ceil(q * all.length) - 1)] ?? NaN;
const lost = ROUNDS * STREAMS - all.length;
console.log(`${elapsed()}: ${ROUNDS} rounds; p99 ${at(0.99).toFixed(0)} ms, ${lost} lost`);

// 3. 10 million rows, a tenth of them unseen, spread evenly over the users, loaded with the table's
// primary key, indexes and foreign-key checks set aside (rebuilt after), then every counter set from the rows.
const loadedAt = performance.now();
const indexes = psql(`select pg_get_indexdef(indexrelid) from pg_index where indrelid = 'notifications'::regclass and not indisprimary`)
  .trim()
  .split("\n");
const primaryKey = psql(`select pg_get_constraintdef(oid) from pg_constraint where conname = 'notifications_pkey'`).trim();
psql(`
  alter table notifications drop constraint notifications_pkey;
  ${indexes.map((definition) => `drop index ${/INDEX (\S+) ON/.exec(definition)[1]};`).join("\n")}
  set session_replication_role = replica;
  insert into notifications (user_id, kind, params, dedupe_key, created_at, seen_at, read_at)
    select ${userId(`1 + n % ${STREAMS}`)}, (array['campaign_approved', 'activity_approved', 'payout_confirmed', 'payment_paid'])[1 + n % 4],
      jsonb_build_object('amount', n % 1000 * 10000), 'bench:load:' || n, now() - make_interval(secs => n),
      case when n % 10 <> 0 then now() end, case when n % 5 <> 0 then now() end
    from generate_series(1, ${ROWS}) n;
  set session_replication_role = origin;
  set maintenance_work_mem = '256MB';
  alter table notifications add constraint notifications_pkey ${primaryKey};
  ${indexes.join(";\n")};
  insert into notification_counters (user_id, unseen) select user_id, count(*) from notifications where seen_at is null group by user_id
    on conflict (user_id) do update set unseen = excluded.unseen;
  analyze;
  checkpoint;
`);
const [rowCount, counterSum, unseenRows] = psql(
  `select (select count(*) from notifications), (select sum(unseen) from notification_counters), (select count(*) from notifications where seen_at is null)`,
)
  .trim()
  .split("|")
  .map(Number);
const loadSeconds = (performance.now() - loadedAt) / 1000;
console.log(`${elapsed()}: ${rowCount.toLocaleString("en")} notification rows loaded in ${loadSeconds.toFixed(0)} s`);

const load = (duration, path = "/api/me") =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${base}${path}`,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}`, accept: "application/json" },
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
await load(WARMUP_SECONDS);
const statements = await captureStatements(`${base}/api/me`, { authorization: `Bearer ${tokens[0]}`, accept: "application/json" });
// The API answers the callers of one turn in one statement: its transactions during the load, against
// its requests, say how many callers one statement carried (the statistics reach the view within a second).
const commits = () => Number(psql(`select xact_commit from pg_stat_database where datname = current_database()`).trim());
const commitsBefore = commits();
const me = await load(SECONDS);
await sleep(1500);
const statementsRun = commits() - commitsBefore;
// The same server's ceiling for a request that reads no database, side by side: what HTTP and the
// API's middleware cost before any statement.
await load(WARMUP_SECONDS, "/api/ip/info");
const trivial = await load(SECONDS, "/api/ip/info");
// In pgbench each transaction is a random user's (their ids computed as the bench made them).
const [firstUser, firstSession] = users[0];
const perClient = {
  // A batch of one caller (GET /api/me answers the callers of one turn in one statement).
  [`{"${firstUser}"}`]: `array[${userId(":u")}]`,
  [`{"${firstSession}"}`]: `array[${sessionId(":u")}]`,
};
/** pgbench at the load's own concurrency and duration, on this bench's database. */
const replay = pgbenchAt({ pgArgs, database: DB, clients: CONNECTIONS, seconds: SECONDS, warmup: WARMUP_SECONDS });
const db = replay(statements, { perClient, preamble: [`\\set u random(1, ${STREAMS})`] });
const ratio = me.requests.average / db.tps;
// What the counter saves: the header's count as /api/me reads it, and counted over the user's rows instead.
const plan = (query) => {
  const lines = psql(`explain (analyze, costs off) ${query}`).trim().split("\n");
  return `${lines[0].replace(/\s*\(actual.*$/, "").trim()}, ${/Execution Time: (.+)/.exec(lines.at(-1))[1]}`;
};
const someone = users[Math.floor(users.length / 2)][0];
const counterPlan = plan(`select unseen from notification_counters where user_id = '${someone}'`);
const countPlan = plan(`select count(*) from notifications where user_id = '${someone}' and seen_at is null`);

const perStream = (key) => (after[key] - before[key]) / STREAMS;
const kbPerStream = perStream("rssAfterGc");
const errors = me.errors + me.non2xx;
const verdict = (ok) => (ok ? "met" : "MISSED");
console.log(`\nNotifications bench — PostgreSQL, one API instance, ${STREAMS.toLocaleString("en")} streams (${elapsed()})\n`);
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
console.log(
  `streams: ${STREAMS.toLocaleString("en")} open in ${openSeconds.toFixed(1)} s; API resident ${mb(before.rss)} → ${mb(after.rss)} ` +
    `(${perStream("rss").toFixed(1)} KB per stream, garbage included; ${mb(end.rss)} after the rounds); ` +
    `after a full GC ${mb(before.rssAfterGc)} → ${mb(after.rssAfterGc)}, heap + external ${mb(before.heap)} → ${mb(after.heap)} ` +
    `(${perStream("heap").toFixed(1)} KB per stream): ${kbPerStream.toFixed(1)} KB resident per stream, ` +
    `target < ${TARGET.kbPerStream} KB ${verdict(kbPerStream < TARGET.kbPerStream)}`,
);
for (const [i, r] of rounds.entries()) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  console.log(
    `round ${i + 1}: COMMIT took ${r.commitMs.toFixed(0)} ms; events on ${sorted.length}/${STREAMS} streams, ` +
      `first ${sorted[0]?.toFixed(0)} ms, p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, last ${sorted.at(-1)?.toFixed(0)} ms after COMMIT was sent; ` +
      `CPU meanwhile: the API ${r.apiCpuMs} ms, this client ${r.clientCpuMs.toFixed(0)} ms`,
  );
}
console.log(
  `commit → event on every stream, ${ROUNDS} rounds: p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${at(1).toFixed(0)} ms, ` +
    `${lost} lost; target p99 < ${TARGET.p99Ms} ms ${verdict(at(0.99) < TARGET.p99Ms && lost === 0)}`,
);
console.log(
  `${rowCount.toLocaleString("en")} notification rows (loaded in ${loadSeconds.toFixed(0)} s; counters ${counterSum === unseenRows ? "equal" : "DIFFER FROM"} the ${unseenRows.toLocaleString("en")} unseen rows)`,
);
console.log(
  `GET /api/me: ${Math.round(me.requests.average)} req/s, p99 ${me.latency.p99} ms, ${errors} errors; ` +
    `pgbench on its ${db.statements} statements: ${Math.round(db.tps)} tps (${db.failed} failed); ` +
    `ratio ${(100 * ratio).toFixed(1)} %, target ≥ ${TARGET.ratio * 100} % ${verdict(ratio >= TARGET.ratio && errors === 0)}`,
);
console.log(
  `the API ran ${statementsRun.toLocaleString("en")} transactions for ${me.requests.total.toLocaleString("en")} requests to GET /api/me: ` +
    `${(me.requests.total / statementsRun).toFixed(1)} callers per statement (pgbench runs one per transaction)`,
);
console.log(
  `beside it GET /api/ip/info (no database): ${Math.round(trivial.requests.average)} req/s; GET /api/me is ` +
    `${((100 * me.requests.average) / trivial.requests.average).toFixed(1)} % of it, pgbench's rate ${(db.tps / trivial.requests.average).toFixed(1)} times it`,
);
console.log(
  `the count from its counter: ${counterPlan}; counted over the user's ${Math.round(ROWS / STREAMS) + ROUNDS} rows instead: ${countPlan}`,
);
process.exit(0);
