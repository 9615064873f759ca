// `npm run bench`: the production build on a free port with a fresh DATA_DIR, driven by autocannon.
// Prints req/s and p99 per endpoint and each endpoint's req/s as a ratio of a static file of
// similar size served by the same server from public/ in the same run.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startServer } from "./server.mjs";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const DURATION = Number(process.env.BENCH_SECONDS || 8);

const { base, stop } = await startServer();

const pageBody = JSON.stringify({ slug: "about" });
const endpoints = [
  { name: "static 64 B (public/bench/64b.json)", path: "/bench/64b.json", static: true, group: "small" },
  { name: "GET /api/health", path: "/api/health", group: "small", target: { p99: 30 } },
  { name: "GET /api/ip/info", path: "/api/ip/info", group: "small", target: { p99: 30, ratio: 0.5 } },
  { name: "static 5 KB (public/bench/5kb.json)", path: "/bench/5kb.json", static: true, group: "large" },
  {
    name: "POST /api/pages/get",
    path: "/api/pages/get",
    group: "large",
    method: "POST",
    body: pageBody,
    headers: { "content-type": "application/json", "x-locale": "en-US" },
    target: { p99: 30 },
  },
  { name: "static 45 KB (public/bench/45kb.html)", path: "/bench/45kb.html", static: true, group: "page" },
  { name: "GET / (landing, fa-IR)", path: "/", group: "page", target: { ratio: 0.5 } },
  { name: "GET /en-US (landing)", path: "/en-US", group: "page", target: { ratio: 0.5 } },
  { name: "GET /pages/about (content page)", path: "/pages/about", group: "page", target: { ratio: 0.5 } },
];

const run = (endpoint) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url: base + endpoint.path,
        connections: CONNECTIONS,
        duration: DURATION,
        method: endpoint.method ?? "GET",
        headers: { "x-forwarded-for": "5.160.0.1", "accept-encoding": "gzip", ...(endpoint.headers ?? {}) },
        ...(endpoint.body ? { body: endpoint.body } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

// Warm up every endpoint once (JIT, database connection, file cache).
for (const endpoint of endpoints) {
  await fetch(base + endpoint.path, { method: endpoint.method ?? "GET", headers: endpoint.headers, body: endpoint.body });
}

const results = [];
for (const endpoint of endpoints) {
  const result = await run(endpoint);
  const bytes = result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0;
  results.push({ ...endpoint, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors, bytes });
}

const staticOf = (group) => results.find((r) => r.static && r.group === group);
let failed = false;
console.log(`\nTakapoo bench — ${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores\n`);
console.log(
  [
    "endpoint".padEnd(38),
    "req/s".padStart(9),
    "p99 ms".padStart(8),
    "bytes".padStart(7),
    "vs static".padStart(10),
    "errors".padStart(7),
    " verdict",
  ].join(""),
);
for (const r of results) {
  const reference = staticOf(r.group);
  const ratio = r.static ? 1 : r.rps / reference.rps;
  const verdicts = [];
  if (r.target?.p99 !== undefined) verdicts.push(r.p99 < r.target.p99 ? `p99<${r.target.p99}` : `p99≥${r.target.p99} MISS`);
  if (r.target?.ratio !== undefined)
    verdicts.push(ratio >= r.target.ratio ? `≥${r.target.ratio * 100}%` : `<${r.target.ratio * 100}% MISS`);
  if (verdicts.some((v) => v.includes("MISS")) || r.non2xx > 0) failed = true;
  console.log(
    [
      r.name.padEnd(38),
      r.rps.toFixed(0).padStart(9),
      String(r.p99).padStart(8),
      String(r.bytes).padStart(7),
      `${(ratio * 100).toFixed(0)}%`.padStart(10),
      String(r.non2xx).padStart(7),
      ` ${verdicts.join(", ")}`,
    ].join(""),
  );
}
// First-load JavaScript of the landing page: every script the HTML asks for, gzipped, each chunk named by
// what it holds (markers of the libraries and our parts). What a signed-out visitor does not use (the API
// client, React Query, Radix, the enums) is flagged: it should load only when needed (issue 34).
const JS_BUDGET_KB = 130;
/** The framework's own chunks (the first that matches names it), then ours (every one that matches). */
const FRAMEWORK = [
  ["React DOM", /hydrateRoot/],
  ["App Router", /useActionQueue/],
  ["Next client", /HTML_LIMITED_BOT_UA_RE/],
  ["Next layout router", /ClientPageRoot|createRouterCacheKey/],
];
const MARKERS = [
  ["next-intl", /INSUFFICIENT_PATH|MISSING_MESSAGE/],
  ["next/script", /data-nscript/],
  ["zustand store", /takapoo-ui/],
  ["navigation events", /takapoo:chunk-reload-at/],
  ["shell", /SiteHeader|SiteFooter/],
  ["landing", /AudienceSwitch|StatsFigures/],
  ["error page", /serverStatus|error-title/],
  ["API client (not needed)", /Idempotency-Key/],
  ["React Query (not needed)", /No mutationFn found/],
  ["Radix (not needed)", /RovingFocusGroup/],
  ["enums (not needed)", /activity_clawed_back/],
];
for (const path of ["/", "/en-US"]) {
  const html = await (await fetch(base + path)).text();
  // Modern browsers skip noModule scripts (the legacy polyfills): they are not part of the load.
  const scripts = [
    ...new Set(
      [...html.matchAll(/<script([^>]*)src="([^"]+\.js)"([^>]*)>/g)].filter((m) => !/noModule/i.test(m[1] + m[3])).map((m) => m[2]),
    ),
  ];
  let gzipBytes = 0;
  const chunks = [];
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    const size = gzipSync(body, { level: 9 }).length;
    gzipBytes += size;
    const text = body.toString("utf8");
    const framework = src.includes("/turbopack-") ? ["Turbopack runtime"] : FRAMEWORK.filter(([, marker]) => marker.test(text)).slice(0, 1);
    const holds = [
      ...framework.map((entry) => (Array.isArray(entry) ? entry[0] : entry)),
      ...MARKERS.filter(([, marker]) => marker.test(text)).map(([name]) => name),
    ];
    chunks.push(`  ${(size / 1024).toFixed(1).padStart(5)} KB  ${src.split("/").pop().padEnd(22)} ${holds.join(", ") || "?"}`);
  }
  const kb = gzipBytes / 1024;
  if (kb > JS_BUDGET_KB) failed = true;
  console.log(
    `first-load JS of ${path.padEnd(7)} ${kb.toFixed(1)} KB gzip in ${scripts.length} files (budget ${JS_BUDGET_KB} KB)${kb > JS_BUDGET_KB ? " MISS" : ""}`,
  );
  if (path === "/") console.log(chunks.join("\n"));
}

console.log(failed ? "\nsome targets missed" : "\nall targets met");
stop();

// The ledger on PostgreSQL (pgbench as the reference): its own process, after the web server is gone.
// BENCH_LEDGER=0 skips it (no PostgreSQL at hand).
if (process.env.BENCH_LEDGER !== "0") spawnSync(process.execPath, ["tests/bench/ledger.mjs"], { stdio: "inherit" });
// Campaign lists and the dashboard on PostgreSQL with 100,000 campaigns.
if (process.env.BENCH_CAMPAIGNS !== "0")
  spawnSync(process.execPath, ["tests/bench/campaigns.mjs"], { stdio: ["inherit", "inherit", "ignore"] });
// The boosters' feed, heartbeats and the release job on PostgreSQL.
if (process.env.BENCH_EARN !== "0") spawnSync(process.execPath, ["tests/bench/earn.mjs"], { stdio: ["inherit", "inherit", "ignore"] });
// The panels' POST /api/v2 status of 100 orders with an API key, against pgbench (issue 36).
if (process.env.BENCH_PANEL !== "0") spawnSync(process.execPath, ["tests/bench/panel.mjs"], { stdio: ["inherit", "inherit", "ignore"] });
// Webhook fan-out: 10,000 unit events over 1,000 campaigns to a local receiver (issue 36).
if (process.env.BENCH_WEBHOOKS !== "0")
  spawnSync(process.execPath, ["tests/bench/webhooks.mjs"], { stdio: ["inherit", "inherit", "ignore"] });
// Payout requests and a 5,000-payout batch on PostgreSQL.
if (process.env.BENCH_PAYOUTS !== "0")
  spawnSync(process.execPath, ["tests/bench/payouts.mjs"], { stdio: ["inherit", "inherit", "ignore"] });
// 10,000 notification streams on one API instance, a commit's event on each, GET /api/me over 10 million notifications.
if (process.env.BENCH_NOTIFICATIONS !== "0")
  spawnSync(process.execPath, ["tests/bench/notifications.mjs"], { stdio: ["inherit", "inherit", "ignore"] });
// 32 writers committing a change with a notification: the wake-up after commit against none, and the NOTIFY inside.
if (process.env.BENCH_NOTIFY_COMMITS !== "0")
  spawnSync(process.execPath, ["tests/bench/notify-commits.mjs"], { stdio: ["inherit", "inherit", "ignore"] });
// The delivery chart's data over 100,000 campaigns and 5,000,000 activities, against pgbench.
if (process.env.BENCH_DELIVERY !== "0")
  spawnSync(process.execPath, ["tests/bench/delivery.mjs"], { stdio: ["inherit", "inherit", "ignore"] });
// A booster's statement over 100,000 movements: the first page, a filtered page, a month, against pgbench.
if (process.env.BENCH_STATEMENT !== "0")
  spawnSync(process.execPath, ["tests/bench/statement.mjs"], { stdio: ["inherit", "inherit", "ignore"] });
// The network counter's daily run over 10,000 active YouTube campaigns against a local fake YouTube: quota units and time.
if (process.env.BENCH_NETWORK !== "0")
  spawnSync(process.execPath, ["tests/bench/network-counts.mjs"], { stdio: ["inherit", "inherit", "ignore"] });
process.exit(0);
