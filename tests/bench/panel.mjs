// The panel-compatible endpoint's bench (part of `npm run bench`, or alone: node tests/bench/panel.mjs), on
// PostgreSQL: a producer with 1,000 campaigns in a table of 10,000 and an API key; POST /api/v2
// action=status for 100 of them per request, the key in the body as reseller software sends it, at 32
// connections, against pgbench running the statements one request ran (the key's check and count with its
// owner, the 100 campaigns) in the same run. Target (issue 36): ≥ 25 %.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { captureStatements, pgbench } from "./pgbench.mjs";
import { freshDatabase, pgArgs, startApi } from "./api-process.mjs";

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_PANEL_SECONDS || 8);
const WARMUP_SECONDS = 2;
const TARGET = 0.25;
const DB = "takapoo_bench_panel";
const { url, psql } = freshDatabase(DB);
// The key's own rate limit stays out of the way: the bench measures the answer, not the limit.
const port = await startApi(url, { API_KEY_RATE_PER_MINUTE: "1000000" });

const producer = randomUUID();
const secret = `tk_${randomBytes(32).toString("base64url")}`;
const invoice = `{"lines":[{"metric":"likes","action":"like","unitPrice":3000,"min":500,"max":500,"amount":1500000}],"subtotal":1500000,"fee":150000,"total":1650000}`;
psql(`
  insert into users (id, first_name, phone, phone_verified_at) values ('${producer}', 'Reseller', '+989120000000', now());
  insert into users (id, first_name, phone, phone_verified_at)
    select gen_random_uuid(), 'P' || g, '+98935' || lpad(g::text, 7, '0'), now() from generate_series(1, 99) g;
  insert into api_keys (user_id, name, prefix, secret_hash, scopes)
    values ('${producer}', 'Bench panel', '${secret.slice(0, 9)}', '${createHash("sha256").update(secret).digest("hex")}', '{read}');
  insert into campaigns (owner_id, name, network, strategy, link, follower_count, status, invoice, budget, delivered, created_at)
    select u.id, 'youtube.like × 500', 'youtube', 'units', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 0,
      (array['active','awaiting_review','completed','paused'])[1 + g % 4], '${invoice}', 1650000,
      jsonb_build_object('likes', g % 500), now() - (g || ' minutes')::interval
    from (select id, row_number() over () as n from users) u, generate_series(1, 100) g
    where u.id = '${producer}' or g <= 90;
  insert into campaigns (owner_id, name, network, strategy, link, follower_count, status, invoice, budget, created_at)
    select '${producer}', 'youtube.like × 500', 'youtube', 'units', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 0, 'active',
      '${invoice}', 1650000, now() - (g || ' hours')::interval from generate_series(1, 900) g;
  vacuum analyze;
  checkpoint;
`);
const ids = psql(`select id from campaigns where owner_id = '${producer}' order by random() limit 100`).trim().split("\n");
const count = psql("select count(*) from campaigns").trim();
const body = JSON.stringify({ key: secret, action: "status", orders: ids.join(",") });
const headers = { "content-type": "application/json", accept: "application/json" };
const options = { url: `http://127.0.0.1:${port}/api/v2`, connections: CONNECTIONS, method: "POST", headers, body };

const check = await (await fetch(options.url, { method: "POST", headers, body })).json();
if (Object.keys(check).length !== 100 || Object.values(check).some((status) => status.error))
  throw new Error(`status: ${JSON.stringify(check).slice(0, 300)}`);
await autocannon({ ...options, duration: WARMUP_SECONDS });
const statements = await captureStatements(options.url, headers, { method: "POST", body });
const result = await autocannon({ ...options, duration: SECONDS });
const db = pgbench({ pgArgs, database: DB, statements, clients: CONNECTIONS, seconds: SECONDS, warmup: WARMUP_SECONDS });

const rps = Math.round(result.requests.average);
const errors = result.errors + result.non2xx;
const ratio = rps / db.tps;
console.log(
  `\nPanel bench — PostgreSQL, ${count} campaigns (1,000 of one reseller), ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up\n`,
);
console.log(
  `POST /api/v2 action=status, 100 orders, API key: ${rps} req/s (${rps * 100} order statuses/s), p99 ${result.latency.p99} ms, ${errors} errors; ` +
    `pgbench on its ${db.statements} statements: ${Math.round(db.tps)} tps (${db.failed} failed); ` +
    `ratio ${(100 * ratio).toFixed(1)} %, target ≥ ${TARGET * 100} % ${ratio >= TARGET && errors === 0 ? "met" : "MISSED"}`,
);
process.exit(0);
