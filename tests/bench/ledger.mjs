// The ledger bench (part of `npm run bench`, or alone: node tests/bench/ledger.mjs), on PostgreSQL.
// At BENCH_CLIENTS (8) concurrent clients for BENCH_LEDGER_SECONDS (10) each:
//   (a) pgbench's built-in TPC-B-like transaction (-s 8, its own database) — the reference
//   (b) transfer() through the domain function: 8 async loops in one Node process (tsx)
//   (c) POST /transfer of a tiny Hono app calling transfer(), driven by autocannon
// Targets: (b) ≥ 60 % of (a), (c) ≥ 30 % of (a). BENCH_DATABASE_URL picks the database for (b) and
// (c); by default a fresh `takapoo_bench` on 127.0.0.1 is created and dropped afterwards.
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import os from "node:os";
import autocannon from "autocannon";

const CLIENTS = Number(process.env.BENCH_CLIENTS || 8);
const SECONDS = Number(process.env.BENCH_LEDGER_SECONDS || 10);
const ACCOUNTS = 1000;
const TARGETS = { domain: 0.6, http: 0.3 };

const given = process.env.BENCH_DATABASE_URL;
const benchUrl = new URL(given || "postgres://postgres@127.0.0.1:5432/takapoo_bench");
const server = {
  host: benchUrl.hostname,
  port: benchUrl.port || "5432",
  user: decodeURIComponent(benchUrl.username || "postgres"),
  password: decodeURIComponent(benchUrl.password),
};
const pgEnv = { ...process.env, ...(server.password ? { PGPASSWORD: server.password } : {}) };
const pgArgs = ["-h", server.host, "-p", server.port, "-U", server.user];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { env: pgEnv, encoding: "utf8", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr || result.error}`);
  return result.stdout;
}

const recreate = (name) => {
  run("dropdb", [...pgArgs, "--if-exists", name]);
  run("createdb", [...pgArgs, name]);
};
const drop = (name) => spawnSync("dropdb", [...pgArgs, "--if-exists", name], { env: pgEnv });

const PGBENCH_DB = "takapoo_pgbench";
const benchDb = given ? null : "takapoo_bench";
process.on("exit", () => {
  drop(PGBENCH_DB);
  if (benchDb) drop(benchDb);
});

// (a) pgbench
recreate(PGBENCH_DB);
run("pgbench", [...pgArgs, "-i", "-q", "-s", "8", PGBENCH_DB]);
const pgbenchOut = run("pgbench", [
  ...pgArgs,
  "-c",
  String(CLIENTS),
  "-j",
  "2",
  "-T",
  String(SECONDS),
  "-b",
  "tpcb-like",
  "-r",
  PGBENCH_DB,
]);
const tpsMatch = pgbenchOut.match(/tps = ([\d.]+) \(without initial connection time\)/);
const latMatch = pgbenchOut.match(/latency average = ([\d.]+) ms/);
if (!tpsMatch) throw new Error(`pgbench: no tps in\n${pgbenchOut}`);
drop(PGBENCH_DB);

// (b) and (c) share one migrated database with 1,000 funded accounts.
if (benchDb) recreate(benchDb);
const workerEnv = {
  ...process.env,
  BENCH_DATABASE_URL: benchUrl.href,
  BENCH_CLIENTS: String(CLIENTS),
  BENCH_SECONDS: String(SECONDS),
  BENCH_ACCOUNTS: String(ACCOUNTS),
};
// The worker imports the TypeScript sources through tsx, on the same Node as this script.
const workerArgs = (mode) => ["--import", "tsx", "tests/bench/ledger-worker.ts", mode];
const worker = (mode) => JSON.parse(run(process.execPath, workerArgs(mode), { env: workerEnv }).trim().split("\n").pop());

worker("setup");
const domain = worker("domain");

const http = await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, workerArgs("http"), { env: workerEnv, stdio: ["ignore", "pipe", "inherit"] });
  child.on("error", reject);
  let buffered = "";
  let started = false;
  child.stdout.on("data", (chunk) => {
    buffered += chunk;
    const line = buffered.split("\n").find((l) => l.startsWith("{"));
    if (!line || started) return;
    started = true;
    const base = `http://127.0.0.1:${JSON.parse(line).port}`;
    const code = (i) => `campaign:00000000-0000-4000-8000-${String(i).padStart(12, "0")}:escrow`;
    const body = () => {
      const from = Math.floor(Math.random() * ACCOUNTS);
      const to = (from + 1 + Math.floor(Math.random() * (ACCOUNTS - 1))) % ACCOUNTS;
      return JSON.stringify({ key: randomUUID(), from: code(from), to: code(to), amount: 1 + Math.floor(Math.random() * 1000) });
    };
    const options = (duration) => ({
      url: `${base}/transfer`,
      connections: CLIENTS,
      duration,
      requests: [{ method: "POST", headers: { "content-type": "application/json" }, setupRequest: (req) => ({ ...req, body: body() }) }],
    });
    // One second of warm-up, then the measured run.
    autocannon(options(1), (warmError) => {
      if (warmError) return reject(warmError);
      autocannon(options(SECONDS), async (error, result) => {
        const violations = error ? null : (await (await fetch(`${base}/invariants`)).json()).violations;
        child.kill("SIGTERM");
        if (error) return reject(error);
        resolve({
          tps: result.requests.average,
          p99: result.latency.p99,
          errors: result.non2xx + result.errors + result.timeouts,
          violations,
        });
      });
    });
  });
});

const reference = Number(tpsMatch[1]);
const rows = [
  { name: `pgbench tpcb-like (-s 8 -c ${CLIENTS} -j 2)`, tps: reference, p99: null, latency: latMatch ? Number(latMatch[1]) : null },
  {
    name: `transfer() domain, ${CLIENTS} loops`,
    tps: domain.tps,
    p99: domain.p99,
    errors: domain.errors,
    violations: domain.violations,
    target: TARGETS.domain,
  },
  {
    name: `POST /transfer HTTP, ${CLIENTS} conns`,
    tps: http.tps,
    p99: http.p99,
    errors: http.errors,
    violations: http.violations,
    target: TARGETS.http,
  },
];

console.log(`\nLedger bench — PostgreSQL, ${CLIENTS} clients, ${SECONDS} s each, ${os.cpus().length} cores, ${ACCOUNTS} accounts\n`);
console.log(["".padEnd(36), "tps".padStart(9), "p99 ms".padStart(8), "vs pgbench".padStart(11), "errors".padStart(7), " verdict"].join(""));
let missed = false;
for (const r of rows) {
  const ratio = r.tps / reference;
  const verdicts = [];
  if (r.target !== undefined) verdicts.push(ratio >= r.target ? `≥${r.target * 100}%` : `<${r.target * 100}% MISS`);
  if (r.errors) verdicts.push("ERRORS");
  if (r.violations) verdicts.push(`${r.violations} INVARIANT VIOLATIONS`);
  if (verdicts.some((v) => /MISS|ERRORS|VIOLATIONS/.test(v))) missed = true;
  console.log(
    [
      r.name.padEnd(36),
      r.tps.toFixed(0).padStart(9),
      (r.p99 === null ? (r.latency === null ? "" : `avg ${r.latency.toFixed(1)}`) : r.p99.toFixed(1)).padStart(8),
      (r.target === undefined ? "" : `${(ratio * 100).toFixed(0)}%`).padStart(11),
      String(r.errors ?? "").padStart(7),
      ` ${verdicts.join(", ")}`,
    ].join(""),
  );
}
console.log(missed ? "\nledger: some targets missed" : "\nledger: all targets met");
process.exitCode = missed ? 1 : 0;
