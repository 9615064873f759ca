// The payouts bench's batch worker (run by tests/bench/payouts.mjs through tsx), against BENCH_DATABASE_URL:
// the 5,000 oldest pending payouts approved by the back office's own function (in its bulk size of 100),
// then sent to the fake Jibit at BENCH_JIBIT_URL by the send job's own function; each step timed; one JSON line.
import { asc, eq } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { payouts } from "@/server/db/schema";
import { approvePayouts } from "@/server/payouts/admin";
import { sendApprovedPayouts } from "@/server/payouts/send";
import { jibitTransferor } from "@/server/adapters/payout-rails/jibit";
import { checkLedgerInvariants } from "@/server/ledger";

const url = process.env.BENCH_DATABASE_URL;
const jibitUrl = process.env.BENCH_JIBIT_URL;
if (!url || !jibitUrl) throw new Error("BENCH_DATABASE_URL and BENCH_JIBIT_URL are required");
const BATCH = Number(process.env.BENCH_PAYOUT_BATCH || 5_000);
const database = await openDatabase({ url, maxConnections: 10 });
const ctx = { db: database.db, actor: null };

const pending = await database.db
  .select({ id: payouts.id })
  .from(payouts)
  .where(eq(payouts.status, "pending"))
  .orderBy(asc(payouts.createdAt))
  .limit(BATCH);
const ids = pending.map((row) => row.id);

let began = performance.now();
let approved = 0;
for (let start = 0; start < ids.length; start += 100)
  approved += (await approvePayouts(ctx, { ids: ids.slice(start, start + 100) })).approved.length;
const approveSeconds = (performance.now() - began) / 1000;

const rail = jibitTransferor({ apiKey: "bench-jibit-key", secretKey: "bench-jibit-secret", baseUrl: jibitUrl, timeoutMs: 30_000 });
began = performance.now();
const sent = await sendApprovedPayouts(ctx, { rail, limit: BATCH });
const sendSeconds = (performance.now() - began) / 1000;
const violations = await checkLedgerInvariants({ db: database.db });
console.log(JSON.stringify({ batch: ids.length, approved, approveSeconds, ...sent, sendSeconds, violations: violations.length }));
await database.close();
process.exit(0);
