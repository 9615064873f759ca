// The network counter's bench (part of `npm run bench`, or alone: node tests/bench/network-counts.mjs), on
// PostgreSQL with 100,000 campaigns of which 10,000 active on YouTube, against a local fake YouTube
// (tests/support/fake-youtube.ts) through the production adapter: the daily network-counts run's quota
// units (target ≤ 1 per 50 campaigns once their @handles are resolved, i.e. ≤ 200) and its time.
// BENCH_YOUTUBE_DELAY_MS makes the fake wait before each answer (YouTube's own latency; default 0).
import { spawnSync } from "node:child_process";
import { freshDatabase } from "./api-process.mjs";

const DB = "takapoo_bench_network";
const { url } = freshDatabase(DB);
console.log("network counter bench: loading 100,000 campaigns, 10,000 active on YouTube …");
const worker = spawnSync(process.execPath, ["--import", "tsx", "tests/bench/network-counts-worker.ts"], {
  env: { ...process.env, BENCH_DATABASE_URL: url },
  encoding: "utf8",
  maxBuffer: 16 * 1024 * 1024,
});
if (worker.status !== 0) throw new Error(`network counter worker failed: ${worker.stderr}`);
const result = JSON.parse(worker.stdout.trim().split("\n").at(-1));
const { active, first, second, again } = result;
const target = Math.ceil(active / 50);
const perFifty = (units) => ((units * 50) / active).toFixed(2);

console.log(
  `\nNetwork counter — PostgreSQL, ${result.total.toLocaleString("en")} campaigns, ${active.toLocaleString("en")} active on YouTube, local fake YouTube\n`,
);
console.log(
  `${"run".padEnd(44)} ${"due".padStart(7)} ${"counted".padStart(8)} ${"units".padStart(6)} ${"per 50".padStart(7)} ${"largest call".padStart(13)} ${"seconds".padStart(8)}`,
);
const row = (name, r) =>
  console.log(
    `${name.padEnd(44)} ${String(r.due).padStart(7)} ${String(r.counted).padStart(8)} ${String(r.units).padStart(6)} ${perFifty(r.units).padStart(7)} ${String(r.largestBatch).padStart(13)} ${r.seconds.toFixed(2).padStart(8)}`,
  );
row(`day 1 (${first.forHandle.toLocaleString("en")} @handles resolved)`, first);
row("day 2 (every id kept): the daily run", second);
row("day 2 again (nothing due)", again);
console.log(
  `\ndaily run: ${second.units} quota units for ${active.toLocaleString("en")} campaigns (target ≤ ${target}, 1 per 50): ${second.units <= target && second.counted === active ? "met" : "MISSED"}; ` +
    `rows written over both days ${result.days.toLocaleString("en")}, start counts ${result.started.toLocaleString("en")}`,
);
process.exit(0);
