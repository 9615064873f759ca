// The statement's bench (part of `npm run bench`, or alone: node tests/bench/statement.mjs), on PostgreSQL: one
// booster with 100,000 movements over a year (rewards held, each released, payouts, charges, plans; every fifth
// day's rewards still held), among 1,000 other people's 100,000 movements; the API on its own; autocannon at 32
// connections on GET /api/wallet/statement for the first page, a filtered page (released rewards, page 3) and a
// month; each answer counts its lines up to STATEMENT_COUNT_MAX (2,000). Target (issue 33): each one's req/s at least 25 % of pgbench running the same statements in the same run;
// p99 printed.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { captureStatements, pgbench } from "./pgbench.mjs";
import { accessToken, balancesAfter, freshDatabase, pgArgs, startApi } from "./api-process.mjs";

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_STATEMENT_SECONDS || 8);
const WARMUP_SECONDS = 2;
const TARGET_RATIO = 25;
const MOVEMENTS = Number(process.env.BENCH_STATEMENT_MOVEMENTS || 100_000);
const DB = "takapoo_bench_statement";
const { url, psql } = freshDatabase(DB);
const port = await startApi(url);

const booster = randomUUID();
const session = randomUUID();
const started = Date.now();
// Movements in fives (a reward held, its release, a charge, a plan, a payout), one five every few minutes over a
// year, newest now; the accounts' balances are their transfers' sums, so the ledger's invariants hold.
psql(`
  insert into users (id, first_name, phone, phone_verified_at, identity_status)
    values ('${booster}', 'Bench', '+989120000000', now(), 'identity_verified');
  insert into sessions (id, user_id, expires_at) values ('${session}', '${booster}', now() + interval '1 day');
  insert into users (first_name, phone, phone_verified_at) select 'O' || g, '+98935' || lpad(g::text, 7, '0'), now() from generate_series(1, 1000) g;
  insert into ledger_accounts (code, kind, allow_negative) values
    ('system:promotions', 'promotions', true), ('system:revenue', 'revenue', true), ('system:payouts', 'payouts', true),
    ('gateway:sandbox', 'gateway', true);
  insert into ledger_accounts (code, kind, user_id) select 'user:' || id || ':' || k, k, id from users,
    unnest(array['wallet', 'earnings', 'earnings_held']) k;
  create temporary table five as
    select g, u.id as user_id, now() - (g * interval '1 year' / ${MOVEMENTS / 5}) as at, (g % 5 = 0 and g < ${MOVEMENTS / 25}) as still_held
    from generate_series(0, ${MOVEMENTS / 5} - 1) g cross join (values ('${booster}'::uuid)) u(id)
    union all
    select g, (select id from users where first_name = 'O' || (1 + g % 1000)), now() - (g * interval '1 year' / ${MOVEMENTS / 5}), false
    from generate_series(0, ${MOVEMENTS / 5} - 1) g;
  create temporary table acc as select code, id from ledger_accounts;
  insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, intent, status, metadata, created_at, settled_at)
    select k.key, d.id, c.id, k.amount, k.intent, 'posted', k.metadata, f.at + k.offset_ms * interval '1 millisecond', null
    from five f
    cross join lateral (values
      ('activity:' || md5(f.user_id::text || f.g) || ':reward', 'system:promotions', 'user:' || f.user_id || ':earnings_held', 18000, 'reward',
        jsonb_build_object('activity_id', md5(f.user_id::text || f.g)::uuid, 'campaign_id', md5('c' || f.g % 50)::uuid), 0),
      ('activity:' || md5(f.user_id::text || f.g) || ':release', 'user:' || f.user_id || ':earnings_held', 'user:' || f.user_id || ':earnings', 18000,
        'reward', jsonb_build_object('activity_id', md5(f.user_id::text || f.g)::uuid), 1),
      ('charge:' || f.user_id || ':' || f.g, 'gateway:sandbox', 'user:' || f.user_id || ':wallet', 1000000, 'wallet_charge', '{}'::jsonb, 2),
      ('membership:' || md5('m' || f.user_id::text || f.g)::uuid, 'user:' || f.user_id || ':wallet', 'system:revenue', 900000, 'pay_membership',
        jsonb_build_object('membership_id', md5('m' || f.user_id::text || f.g)::uuid), 3),
      ('payout:' || f.user_id || ':' || f.g, 'user:' || f.user_id || ':earnings', 'system:payouts', 9000, 'payout',
        jsonb_build_object('payout_id', md5('p' || f.user_id::text || f.g)::uuid), 4)
    ) k(key, debit, credit, amount, intent, metadata, offset_ms)
    join acc d on d.code = k.debit join acc c on c.code = k.credit
    where not (f.still_held and k.offset_ms = 1)
    order by f.at, k.offset_ms;
  update ledger_accounts a set balance = coalesce((select sum(amount) from ledger_transfers where credit_account_id = a.id), 0)
    - coalesce((select sum(amount) from ledger_transfers where debit_account_id = a.id), 0);
  ${balancesAfter}
  vacuum analyze;
`);
psql("checkpoint;");
const counts = psql(
  `select (select count(*) from ledger_transfers) || ' transfers, ' || (select count(*) from ledger_transfers t join ledger_accounts a
    on a.id in (t.debit_account_id, t.credit_account_id) where a.user_id = '${booster}') || ' postings of the booster'`,
).trim();
const loadSeconds = Math.round((Date.now() - started) / 1000);

const token = await accessToken(booster, session);
const headers = { authorization: `Bearer ${token}`, accept: "application/json" };
const month = (() => {
  const day = new Date(Date.now() + 210 * 60_000 - 40 * 86_400_000).toISOString().slice(0, 10);
  return `from=${day.slice(0, 8)}01&to=${day.slice(0, 8)}28`;
})();
const cases = [
  ["first page", "/api/wallet/statement?per_page=20"],
  ["released rewards, page 3", "/api/wallet/statement?kind=reward_released&page=3&per_page=20"],
  ["a month", `/api/wallet/statement?${month}&per_page=20`],
];

console.log(
  `\nStatement bench — PostgreSQL, ${counts} (loaded in ${loadSeconds} s), ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up\n`,
);
console.log(
  `${"GET /api/wallet/statement".padEnd(30)} ${"req/s".padStart(7)} ${"p99 ms".padStart(7)} ${"alone ms".padStart(9)} ${"pgbench tps".padStart(11)} ${"ratio".padStart(7)}`,
);
let met = true;
for (const [name, path] of cases) {
  const options = { url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, headers };
  const check = await fetch(options.url, { headers });
  const body = await check.json();
  if (!check.ok || body.data.length === 0) throw new Error(`${path} answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const alone = Date.now();
  for (let i = 0; i < 20; i++) await (await fetch(options.url, { headers })).arrayBuffer();
  const aloneMs = (Date.now() - alone) / 20;
  const statements = await captureStatements(options.url, headers);
  if (process.env.BENCH_SHOW_SQL) for (const { text } of statements) console.log(text.slice(0, 400));
  const result = await autocannon({ ...options, duration: SECONDS });
  const db = pgbench({ pgArgs, database: DB, statements, clients: CONNECTIONS, seconds: SECONDS, warmup: WARMUP_SECONDS });
  const rps = result.requests.average;
  const ratio = (100 * rps) / db.tps;
  const errors = result.errors + result.non2xx;
  met &&= ratio >= TARGET_RATIO && errors === 0 && db.failed === 0;
  console.log(
    `${name.padEnd(30)} ${rps.toFixed(1).padStart(7)} ${String(result.latency.p99).padStart(7)} ${aloneMs.toFixed(1).padStart(9)} ${db.tps.toFixed(1).padStart(11)} ${`${ratio.toFixed(1)} %`.padStart(7)}${errors ? ` (${errors} errors)` : ""}`,
  );
}
console.log(
  met ? `statement: target met (each ≥ ${TARGET_RATIO} % of pgbench)` : `statement: target MISSED (each ≥ ${TARGET_RATIO} % of pgbench)`,
);
process.exit(0);
