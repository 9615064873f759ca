// The earn bench's release worker (run by tests/bench/earn.mjs through tsx), against BENCH_DATABASE_URL:
// the release job's own function over every due reward, timed; prints one JSON line.
import { openDatabase } from "@/server/db/client";
import { drainDueRewards } from "@/server/jobs/earn";
import { checkLedgerInvariants } from "@/server/ledger";

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is required");
const database = await openDatabase({ url, maxConnections: 10 });
const began = performance.now();
const counts = await drainDueRewards({ db: database.db }, { budgetMs: 30 * 60_000 });
const seconds = (performance.now() - began) / 1000;
const violations = await checkLedgerInvariants({ db: database.db });
console.log(JSON.stringify({ ...counts, seconds, violations: violations.length }));
await database.close();
process.exit(0);
