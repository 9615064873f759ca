// The commits bench (part of `npm run bench`, or alone: node tests/bench/notify-commits.mjs), on PostgreSQL:
// 32 writers each committing a business change with a notification, against the same writers without
// notifications, each measured in this run (tests/bench/notify-commits-worker.ts): the wake-up after commit
// (as the product runs) and, beside it, the NOTIFY inside the transaction (as before issue 35). Target: the
// wake-up costs at most 10 % — commits with rows and wake-up ≥ 90 % of commits with the same rows and none;
// against no notification at all the figure is printed too (what the rows themselves cost).
import { freshDatabase, run } from "./api-process.mjs";

const TARGET = 0.9;
const { url } = freshDatabase("takapoo_bench_notify_commits");
process.env.BENCH_DATABASE_URL = url;
const output = run(process.execPath, ["--import", "tsx", "tests/bench/notify-commits-worker.ts"], "");
const result = JSON.parse(output.trim().split("\n").pop());
const percent = (value, of) => `${((value / of) * 100).toFixed(1)} %`.padStart(8);
const line = (label, value) =>
  console.log(`  ${label.padEnd(44)} ${value.toFixed(0).padStart(6)} ${percent(value, result.without)} ${percent(value, result.rows)}`);
console.log(`\ncommits with a notification: ${result.clients} writers, ${result.seconds} s per way, twice each`);
console.log(`  ${"".padEnd(44)} ${"per s".padStart(6)} ${"vs none".padStart(8)} ${"vs rows".padStart(8)}`);
line("without notifications", result.without);
line("notification rows, no wake-up", result.rows);
line("rows + wake-up after commit (now)", result.after);
line("rows + NOTIFY inside the transaction (before)", result.inside);
console.log(`  wake-ups heard by one listener: ${result.wakes}`);
const met = result.after / result.rows >= TARGET;
console.log(
  `commits: the wake-up after commit ${met ? "costs" : "MISSES"} ≤ ${100 - TARGET * 100} % (now ${percent(result.after, result.rows).trim()} of rows alone; before ${percent(result.inside, result.rows).trim()})`,
);
