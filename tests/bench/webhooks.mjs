// The webhook fan-out bench (part of `npm run bench`, or alone: node tests/bench/webhooks.mjs), on PostgreSQL:
// 10,000 unit events over 1,000 campaigns delivered, signed, to a local receiver by the product's delivery
// loop (tests/bench/webhooks-worker.ts). Prints deliveries per second and the lag from each delivery's
// commit to its arrival (p50, p99). In production units are announced once a minute (batched per campaign),
// which adds up to a minute before this lag; campaign events are queued in their own transaction.
import { freshDatabase, run } from "./api-process.mjs";

const { url } = freshDatabase("takapoo_bench_webhooks");
process.env.BENCH_DATABASE_URL = url;
const output = run(process.execPath, ["--import", "tsx", "tests/bench/webhooks-worker.ts"], "");
const result = JSON.parse(output.trim().split("\n").pop());
console.log(`\nwebhook fan-out: ${result.events} unit events over ${result.campaigns} campaigns, one receiver on 127.0.0.1`);
console.log(`  deliveries arrived        ${result.deliveries} (signatures failing: ${result.bad})`);
console.log(`  deliveries per second     ${result.perSecond.toFixed(0)} (${result.seconds.toFixed(1)} s in all)`);
console.log(`  commit → arrival, p50     ${result.p50} ms`);
console.log(`  commit → arrival, p99     ${result.p99} ms`);
if (result.deliveries !== result.events || result.bad > 0) {
  console.log("webhooks: MISSING deliveries or signatures");
  process.exitCode = 1;
}
