// The commits bench's worker (run by tests/bench/notify-commits.mjs through tsx), against BENCH_DATABASE_URL:
// BENCH_CLIENTS writers (32) each commit, over and over for BENCH_SECONDS, a business change — a ledger
// transfer between two of its own accounts and its audit row, in one withTransaction — in three ways,
// interleaved twice so that drift hits all alike:
//   without — no notification;
//   rows    — notify()'s rows and counter only, no wake-up at all (its afterCommit is never run);
//   after   — with notify() as the product runs it: the rows in the transaction, the wake-up after commit;
//   inside  — with notify() given the bare transaction (no afterCommit): pg_notify inside it, as before
//             issue 35, whose commit takes PostgreSQL's database-wide lock.
// One LISTEN connection counts the wake-ups. Prints one JSON line: commits per second of each way.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { AfterCommit, withTransaction } from "@/server/core/context";
import { recordAudit } from "@/server/audit";
import { ensureAccounts, gatewayAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { NOTIFICATION_CHANNEL, notify } from "@/server/notifications/notify";

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is required");
const clients = Number(process.env.BENCH_CLIENTS || 32);
const seconds = Number(process.env.BENCH_SECONDS || 5);

const database = await openDatabase({ url, maxConnections: clients + 4 });
const db = database.db;
const userIds = Array.from({ length: clients }, () => randomUUID());
await db.execute(sql`insert into users (id, first_name, last_name, phone, phone_verified_at)
  select id::uuid, 'W', 'Bench', '+98913' || lpad(n::text, 7, '0'), now()
  from unnest(string_to_array(${userIds.join(",")}::text, ',')) with ordinality as u(id, n)`);
const bank = gatewayAccountCode("bench");
await ensureAccounts(
  { db },
  { specs: [bank, ...userIds.flatMap((id) => [userAccountCode(id, "wallet"), userAccountCode(id, "earnings")])] },
);
for (const id of userIds)
  await transfer(
    { db },
    { idempotencyKey: `fund:${id}`, from: bank, to: userAccountCode(id, "wallet"), amount: 1e12, intent: "wallet_charge" },
  );

let wakes = 0;
const stopListening = await database.listen(NOTIFICATION_CHANNEL, () => wakes++);

type Way = "without" | "rows" | "after" | "inside";
let serial = 0;
async function commit(way: Way, userId: string): Promise<void> {
  const n = ++serial;
  await withTransaction({ db }, async (ctx) => {
    await transfer(ctx, {
      idempotencyKey: `bench:${n}`,
      from: userAccountCode(userId, n % 2 ? "wallet" : "earnings"),
      to: userAccountCode(userId, n % 2 ? "earnings" : "wallet"),
      amount: 1,
      intent: "reward",
    }).catch(() => undefined);
    await recordAudit(ctx, { actorId: userId, action: "bench.commit", targetType: "user", targetId: userId, details: { n }, ip: null });
    if (way === "without") return;
    const input = { userId, kind: "payout_approved" as const, params: { amount: 1 }, dedupeKey: `bench:${n}` };
    if (way === "rows") await notify({ db, tx: ctx.tx, afterCommit: new AfterCommit() }, input);
    else await notify(way === "after" ? ctx : { db, tx: ctx.tx }, input);
  });
}

async function measure(way: Way): Promise<number> {
  let commits = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    userIds.map(async (userId) => {
      while (Date.now() < until) {
        await commit(way, userId);
        commits++;
      }
    }),
  );
  return commits / seconds;
}

const ways: Way[] = ["without", "rows", "after", "inside"];
const totals: Record<Way, number[]> = { without: [], rows: [], after: [], inside: [] };
for (const way of ways) await measure(way); // warm-up: code loaded, plans cached
for (let round = 0; round < 2; round++) for (const way of round ? [...ways].reverse() : ways) totals[way].push(await measure(way));
await new Promise((resolve) => setTimeout(resolve, 500));
await stopListening();
await database.close();
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
console.log(JSON.stringify({ clients, seconds, wakes, ...Object.fromEntries(ways.map((way) => [way, mean(totals[way])])) }));
process.exit(0);
