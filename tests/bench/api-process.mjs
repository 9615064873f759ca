// What the PostgreSQL benches share: a fresh database of their own (dropped at exit unless
// BENCH_KEEP_DB), psql, the API on its own (server/standalone.ts) with sql-capture preloaded so
// pgbench can replay a request's statements (tests/bench/pgbench.mjs), and access tokens.
import { spawn, spawnSync } from "node:child_process";
import net from "node:net";
import { pathToFileURL } from "node:url";
import { SignJWT } from "jose";

export const pgArgs = ["-h", "127.0.0.1", "-p", "5432", "-U", "postgres"];
export const secret = "bench-secret-bench-secret-bench-secret-0123456789";

export const run = (command, args, input) => {
  const result = spawnSync(command, args, { encoding: "utf8", input, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  return result.stdout;
};

/**
 * SQL writing each posted transfer's balances after it (as the ledger does when it moves money) for transfers a
 * bench inserted directly: each account's running sum in seq order (migration 0032's backfill).
 */
export const balancesAfter = `
  update ledger_transfers t set debit_balance_after = r.after from (
    select id, sum(signed) over (partition by account order by seq) as after, side from (
      select id, debit_account_id as account, -amount as signed, seq, 'debit' as side from ledger_transfers where status = 'posted'
      union all
      select id, credit_account_id, amount, seq, 'credit' from ledger_transfers where status = 'posted') p) r
  where r.id = t.id and r.side = 'debit';
  update ledger_transfers t set credit_balance_after = r.after from (
    select id, sum(signed) over (partition by account order by seq) as after, side from (
      select id, debit_account_id as account, -amount as signed, seq, 'debit' as side from ledger_transfers where status = 'posted'
      union all
      select id, credit_account_id, amount, seq, 'credit' from ledger_transfers where status = 'posted') p) r
  where r.id = t.id and r.side = 'credit';
`;

/**
 * SQL giving each row of bench_boosters `amount` Rials in its `kind` ledger account (user:<id>:<kind>), paid from
 * system:promotions by posted transfers, the promotions' balance their negative sum: the ledger's invariants hold.
 */
export const paidFromPromotions = (kind, amount) => `
  insert into ledger_accounts (code, kind, allow_negative, balance) values ('system:promotions', 'promotions', true, 0)
    on conflict (code) do nothing;
  insert into ledger_accounts (code, kind, user_id, balance)
    select 'user:' || id || ':${kind}', '${kind}', id, ${amount} from bench_boosters;
  insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, intent, status, settled_at)
    select 'bench:${kind}:' || b.id, p.id, a.id, ${amount}, 'reward', 'posted', now()
    from bench_boosters b join ledger_accounts a on a.code = 'user:' || b.id || ':${kind}'
    cross join (select id from ledger_accounts where code = 'system:promotions') p;
  update ledger_accounts set balance = -(select coalesce(sum(amount), 0) from ledger_transfers) where code = 'system:promotions';
  ${balancesAfter}
`;

const children = [];
/** The API process listening on a port (its memory is read from /proc/<pid>). */
export const apiProcesses = new Map();
/** A new empty database `name`; answers its URL and psql on it. */
export function freshDatabase(name) {
  spawnSync("dropdb", [...pgArgs, "--if-exists", name]);
  run("createdb", [...pgArgs, name]);
  process.on("exit", () => {
    for (const child of children) child.kill();
    if (!process.env.BENCH_KEEP_DB) spawnSync("dropdb", [...pgArgs, "--if-exists", "--force", name]);
  });
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    psql: (sql) => run("psql", [...pgArgs, "-d", name, "-v", "ON_ERROR_STOP=1", "-q", "-At"], sql),
  };
}

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** The API on its own against `url`, migrated (its first /api/health opens the database); answers its port. */
export async function startApi(url, env = {}) {
  const port = await freePort();
  // sql-capture records one request's statements for pgbench; other requests pay one header check.
  const capture = pathToFileURL("tests/bench/sql-capture.mjs").href;
  // BENCH_API_PROFILE=<dir>: the API writes a CPU profile there when the bench ends (open it in Chrome's DevTools).
  const profile = process.env.BENCH_API_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`] : [];
  const entry = process.env.BENCH_API_ENTRY || "server/standalone.ts";
  const api = spawn(process.execPath, [...profile, "--import", "tsx", "--import", capture, entry], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      API_PORT: String(port),
      API_HOST: "127.0.0.1",
      AUTH_SECRET: secret,
      SEED_DEMO_DATA: "false",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(api);
  apiProcesses.set(port, api);
  await new Promise((resolve, reject) => {
    api.stdout.on("data", (chunk) => String(chunk).includes("core API on") && resolve());
    api.on("exit", (code) => reject(new Error(`API exited ${code}`)));
  });
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  if (!health.ok) throw new Error(`health ${health.status}`);
  return port;
}

/** An access token for `userId` in session `sessionId` (the sessions row must exist). */
export function accessToken(userId, sessionId) {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer("takapoo")
    .setAudience("takapoo-api")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(secret));
}
