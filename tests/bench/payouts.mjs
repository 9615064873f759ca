// The payouts bench (part of `npm run bench`, or alone: node tests/bench/payouts.mjs), on PostgreSQL with
// 10,000 verified boosters, each with earnings, an IBAN and a plan in force; each figure measured in this run:
// - POST /api/payouts at 32 connections (each request a random booster's 3,000,000 Rials) ÷ pgbench running
//   the statements one request ran, each client as its own booster with a new payout id per transaction
//   (target ≥ 70 %, issue 35; no 5xx);
// - approving a batch of 5,000 payouts and sending them to a local fake Jibit (tests/support/fake-jibit.ts)
//   through the production adapter (the time of each step and its payouts per second).
import { spawn, spawnSync } from "node:child_process";
import { captureStatements, pgbenchAt } from "./pgbench.mjs";
import { accessToken, freePort, freshDatabase, paidFromPromotions, pgArgs, startApi } from "./api-process.mjs";
import { eachPost, load } from "./load.mjs";

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_PAYOUTS_SECONDS || 8);
const WARMUP_SECONDS = 2;
const BOOSTERS = 10_000;
const TARGET = 0.7;
const DB = "takapoo_bench_payouts";
const { url, psql } = freshDatabase(DB);
const port = await startApi(url);
const base = `http://127.0.0.1:${port}`;

console.log(`payouts bench: loading ${BOOSTERS.toLocaleString("en")} boosters with earnings, an IBAN and a plan …`);
psql(`
  create table bench_boosters as select gen_random_uuid() as id, gen_random_uuid() as session_id, g from generate_series(1, ${BOOSTERS}) g;
  create unique index on bench_boosters (g);
  insert into users (id, first_name, last_name, phone, phone_verified_at, identity_status, iban, bank_name, iban_changed_at, iban_check, national_id)
    select id, 'B' || g, 'Bench', '+98912' || lpad(g::text, 7, '0'), now(), 'identity_verified', 'IR062960000000100324200001', 'saman',
      now() - interval '30 days', 'format_only', lpad(g::text, 10, '0') from bench_boosters;
  insert into sessions (id, user_id, expires_at) select session_id, id, now() + interval '1 day' from bench_boosters;
  insert into memberships (user_id, plan_id, starts_at, ends_at, withdrawals_allowed, invitations_allowed, price_paid)
    select b.id, p.id, now() - interval '1 day', now() + interval '89 days', 1000000, 60, p.price
    from bench_boosters b cross join (select id, price from membership_plans where code = 'gold') p;
  ${paidFromPromotions("earnings", 1_000_000_000_000)}
  vacuum analyze;
  checkpoint;
`);

const rows = psql("select id || ' ' || session_id from bench_boosters order by g")
  .trim()
  .split("\n")
  .map((row) => row.split(" "));
const tokens = await Promise.all(rows.map(([id, session]) => accessToken(id, session)));

const requestOptions = eachPost(base, CONNECTIONS, (n) => ({
  path: "/api/payouts",
  headers: {
    authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}`,
    "content-type": "application/json",
    accept: "application/json",
    "idempotency-key": `bench-${process.pid}-${n}`,
  },
  body: JSON.stringify({ amount: 3_000_000 }),
}));

const capture = (key) =>
  captureStatements(
    `${base}/api/payouts`,
    { authorization: `Bearer ${tokens[0]}`, "content-type": "application/json", accept: "application/json", "idempotency-key": key },
    { method: "POST", body: JSON.stringify({ amount: 3_000_000 }) },
  );
if (process.env.BENCH_PAYOUTS_CAPTURE_ONLY) {
  await capture("bench-capture-0");
  console.log(JSON.stringify(await capture("bench-capture-1"), null, 1));
  process.exit(0);
}

// 1. Payout requests against pgbench on the statements one request ran. In pgbench each transaction is a random
// booster's (their id and session read with \gset, one more statement than the API runs) with a new payout id,
// which is also the Idempotency-Key and the ledger transfer's key, as the API's are.
await load({ ...requestOptions, duration: WARMUP_SECONDS });
await capture("bench-capture-0");
const statements = await capture("bench-capture-1");
const requests = await load({ ...requestOptions, duration: SECONDS });
const [userId, sessionId] = rows[0];
// The payout's id, from its hold's ledger key (`payout:<id>`).
const payoutId = statements
  .flatMap(({ params }) => params)
  .find((param) => typeof param === "string" && param.startsWith("payout:"))
  .slice("payout:".length);
const perClient = {
  [userId]: ":uid",
  [sessionId]: ":sid",
  [payoutId]: ":pid",
  "bench-capture-1": ":pid",
  [`payout:${payoutId}`]: "('payout:' || :pid::text)",
  [`user:${userId}:earnings`]: "('user:' || :uid::text || chr(58) || 'earnings')", // pgbench would read ':earnings' as a variable
};
// The session check, the idempotency claim and the kept answer each answer the callers of one turn (a json array
// of them, server/db/batched.ts): here one, the client's own booster, session and key.
const swaps = [
  [userId, ":uid"],
  [sessionId, ":sid"],
  [payoutId, ":pid"],
  ["bench-capture-1", ":pid"],
];
for (const param of statements.flatMap(({ params }) => params))
  if (typeof param === "string" && param.startsWith("[{") && param.includes(userId))
    perClient[param] = (variable) => swaps.reduce((text, [from, to]) => `replace(${text}, '${from}', ${to}::text)`, `${variable}::text`);
/** pgbench at the load's own concurrency and duration, on this bench's database. */
const replay = pgbenchAt({ pgArgs, database: DB, clients: CONNECTIONS, seconds: SECONDS, warmup: WARMUP_SECONDS });
const preamble = [
  `\\set b random(1, ${BOOSTERS})`,
  "select id as uid, session_id as sid, gen_random_uuid() as pid from bench_boosters where g = :b \\gset",
];
const db = replay(statements, { perClient, preamble });

// 2. A batch of 5,000: approved, then sent to the fake Jibit.
const jibitPort = await freePort();
const jibit = spawn(process.execPath, ["--import", "tsx", "tests/support/fake-jibit.ts"], {
  env: {
    ...process.env,
    FAKE_JIBIT_PORT: String(jibitPort),
    JIBIT_API_KEY: "bench-jibit-key",
    JIBIT_SECRET_KEY: "bench-jibit-secret",
    FAKE_JIBIT_AUTOPAY: "true",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
process.on("exit", () => jibit.kill());
await new Promise((resolve) => jibit.stdout.on("data", (chunk) => String(chunk).includes("listening") && resolve()));
const worker = spawnSync(process.execPath, ["--import", "tsx", "tests/bench/payouts-worker.ts"], {
  encoding: "utf8",
  env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_JIBIT_URL: `http://127.0.0.1:${jibitPort}/trf` },
});
if (worker.status !== 0) throw new Error(`payouts worker failed: ${worker.stderr}`);
const batch = JSON.parse(worker.stdout.trim().split("\n").pop());

const errors = requests.errors + requests.non2xx;
const ratio = requests.requests.average / db.tps;
const pct = (value) => `${(100 * value).toFixed(1)} %`;
console.log(`\nPayouts bench — PostgreSQL, ${BOOSTERS.toLocaleString("en")} boosters, ${CONNECTIONS} connections, ${SECONDS} s each\n`);
console.log(
  `POST /api/payouts: ${Math.round(requests.requests.average)} req/s, p99 ${requests.latency.p99} ms, ${errors} errors (of which 5xx: ${requests["5xx"] ?? 0}); ` +
    `pgbench on its ${db.statements} statements (+1 to pick the booster): ${Math.round(db.tps)} tps (${db.failed} failed); ` +
    `ratio ${pct(ratio)}, target ≥ ${TARGET * 100} % ${ratio >= TARGET && errors === 0 ? "met" : "MISSED"}`,
);
console.log(
  `Batch of ${batch.batch}: approved ${batch.approved} in ${batch.approveSeconds.toFixed(1)} s (${Math.round(batch.approved / batch.approveSeconds)}/s); ` +
    `sent to the fake Jibit ${batch.sent} (unknown ${batch.unknown}, failed ${batch.failed}) in ${batch.sendSeconds.toFixed(1)} s ` +
    `(${Math.round(batch.sent / batch.sendSeconds)}/s); ledger invariants after it: ${batch.violations === 0 ? "hold" : `${batch.violations} VIOLATIONS`}`,
);
process.exit(0);
