// The delivery chart's bench (part of `npm run bench`, or alone: node tests/bench/delivery.mjs), on
// PostgreSQL: 100,000 campaigns and 5,000,000 activities, the daily rollup kept beside them
// (campaign_delivery_days, filled here in one statement as the migration's backfill does; the trigger
// keeps it afterwards), the API on its own, autocannon at 32 connections on
// GET /api/campaigns/{id}/delivery?days=90 for a campaign with 90 days of delivery and 5,000 activities.
// Target (issue 32): its req/s at least 25 % of pgbench running the same statements in the same run; p99
// printed. Prints the EXPLAIN of the work-in-review count, which must use its partial index.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { captureStatements, pgbench } from "./pgbench.mjs";
import { accessToken, freshDatabase, pgArgs, startApi } from "./api-process.mjs";

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_DELIVERY_SECONDS || 8);
const WARMUP_SECONDS = 2;
const TARGET_RATIO = 25;
const CAMPAIGNS = Number(process.env.BENCH_DELIVERY_CAMPAIGNS || 100_000);
const ACTIVITIES = Number(process.env.BENCH_DELIVERY_ACTIVITIES || 5_000_000);
const DB = "takapoo_bench_delivery";
const { url, psql } = freshDatabase(DB);
const port = await startApi(url);

const producer = randomUUID();
const session = randomUUID();
const target = randomUUID();
const lines = `{"lines":[{"metric":"likes","action":"like","unitPrice":3000,"max":100000,"boosterShare":0.6}],"subtotal":300000000,"fee":0,"total":300000000}`;
const started = Date.now();
// 5,000 boosters; 1,000 producers with 100 campaigns each; activities spread over 90 days, each campaign's
// by distinct boosters (one live activity per booster and line). The rollup trigger is off while loading.
psql(`
  insert into users (id, first_name, phone, phone_verified_at) values ('${producer}', 'Bench', '+989120000000', now());
  insert into sessions (id, user_id, expires_at) values ('${session}', '${producer}', now() + interval '1 day');
  insert into users (first_name, phone, phone_verified_at, identity_status)
    select 'B' || g, '+98936' || lpad(g::text, 7, '0'), now(), 'identity_verified' from generate_series(1, 5000) g;
  create temporary table boosters as select row_number() over (order by id) as n, id from users where first_name like 'B%';
  insert into users (first_name, phone, phone_verified_at)
    select 'P' || g, '+98935' || lpad(g::text, 7, '0'), now() from generate_series(1, 999) g;
  insert into campaigns (id, owner_id, name, network, strategy, link, follower_count, status, invoice, budget, created_at, ends_at)
    values ('${target}', '${producer}', 'Target', 'youtube', 'smart', 'https://www.youtube.com/@bench', 1000, 'active', '${lines}',
      330000000, now() - interval '95 days', now() + interval '30 days');
  insert into campaigns (owner_id, name, network, strategy, link, follower_count, status, invoice, budget, created_at)
    select u.id, 'Campaign ' || g, 'youtube', 'smart', 'https://www.youtube.com/@bench', 1000, 'active', '${lines}', 1000000,
      now() - interval '95 days'
    from (select id from users where first_name like 'P%' or id = '${producer}') u, generate_series(1, ${Math.ceil(CAMPAIGNS / 1000)} - 1) g;
  create temporary table numbered as select row_number() over (order by id) - 1 as n, id from campaigns where id <> '${target}';
  alter table activities disable trigger activities_delivery_rollup;
  insert into activities (campaign_id, booster_id, metric, action, type, quantity, status, budget, cost, reward, post_link,
      check_method, approved_at, created_at, updated_at, expires_at)
    select c.id, b.id, 'likes', 'like', 'video', 1, (array['approved','completed','completed','awaiting_review'])[1 + g % 4], 3000, 3000, 1800,
      'https://youtu.be/bench' || (g % 7), (array['api','review','watch'])[1 + g % 3], now() - ((g % 90) || ' days')::interval,
      now() - ((g % 90) || ' days')::interval, now(), now() + interval '1 hour'
    from generate_series(0, ${ACTIVITIES - 5000} - 1) g
    join numbered c on c.n = g % (select count(*) from numbered)
    join boosters b on b.n = 1 + (g / (select count(*) from numbered)) % 5000;
  insert into activities (campaign_id, booster_id, metric, action, type, quantity, status, budget, cost, reward, post_link,
      check_method, approved_at, created_at, updated_at, expires_at)
    select '${target}', b.id, 'likes', 'like', 'video', 1, (array['approved','completed','completed','awaiting_review'])[1 + b.n % 4],
      3000, 3000, 1800, 'https://youtu.be/bench' || (b.n % 7), (array['api','review','watch'])[1 + b.n % 3],
      now() - ((b.n % 90) || ' days')::interval, now() - ((b.n % 90) || ' days')::interval, now(), now() + interval '1 hour'
    from boosters b;
  insert into campaign_delivery_days (campaign_id, day, delivered, auto_checked, watched, reviewed)
    select campaign_id, ((approved_at at time zone 'UTC') + interval '210 minutes')::date, sum(quantity),
      coalesce(sum(quantity) filter (where check_method = 'api'), 0), coalesce(sum(quantity) filter (where check_method = 'watch'), 0),
      coalesce(sum(quantity) filter (where check_method = 'review'), 0)
    from activities where status in ('approved', 'completed') group by 1, 2;
  alter table activities enable trigger activities_delivery_rollup;
  update campaigns set delivered = '{"likes": 3750}', posts_worked = 7, progress = 3 where id = '${target}';
  vacuum analyze;
`);
psql("checkpoint;");
const counts = psql(
  "select (select count(*) from campaigns) || ' campaigns, ' || (select count(*) from activities) || ' activities, ' || (select count(*) from campaign_delivery_days) || ' rollup rows'",
).trim();
const loadSeconds = Math.round((Date.now() - started) / 1000);

const token = await accessToken(producer, session);
const path = `/api/campaigns/${target}/delivery?days=90`;
const headers = { authorization: `Bearer ${token}`, accept: "application/json" };
const options = { url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, headers };
const check = await fetch(options.url, { headers });
const body = await check.json();
if (!check.ok || body.data.days.length !== 90) throw new Error(`delivery answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
await autocannon({ ...options, duration: WARMUP_SECONDS });
// One at a time: what a request costs without queueing.
const alone = Date.now();
for (let i = 0; i < 200; i++) await (await fetch(options.url, { headers })).arrayBuffer();
const aloneMs = (Date.now() - alone) / 200;
const statements = await captureStatements(options.url, headers);
if (process.env.BENCH_SHOW_SQL) for (const { text } of statements) console.log(text.slice(0, 400));
const result = await autocannon({ ...options, duration: SECONDS });
const db = pgbench({ pgArgs, database: DB, statements, clients: CONNECTIONS, seconds: SECONDS, warmup: WARMUP_SECONDS });
const rps = Math.round(result.requests.average);
const ratio = (100 * rps) / db.tps;
const errors = result.errors + result.non2xx;

console.log(
  `\nDelivery bench — PostgreSQL, ${counts} (loaded in ${loadSeconds} s), ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up\n`,
);
console.log(
  `${"endpoint".padEnd(46)} ${"req/s".padStart(7)} ${"p99 ms".padStart(7)} ${"statements".padStart(10)} ${"pgbench tps".padStart(11)} ${"ratio".padStart(7)}`,
);
console.log(
  `${"GET /api/campaigns/{id}/delivery?days=90".padEnd(46)} ${String(rps).padStart(7)} ${String(result.latency.p99).padStart(7)} ${String(db.statements).padStart(10)} ${String(Math.round(db.tps)).padStart(11)} ${`${ratio.toFixed(1)} %`.padStart(7)}`,
);
console.log(`one request at a time: ${aloneMs.toFixed(2)} ms each`);
console.log(
  psql(`explain (analyze, costs off, timing off, summary off)
    select count(*) from activities where campaign_id = '${target}' and status = 'awaiting_review';`),
);
const met = ratio >= TARGET_RATIO && errors === 0 && db.failed === 0;
console.log(
  met
    ? `delivery: target met (≥ ${TARGET_RATIO} % of pgbench)`
    : `delivery: target MISSED (≥ ${TARGET_RATIO} % of pgbench; ${errors} errors)`,
);
process.exit(0);
