// The ledger bench's worker (run by tests/bench/ledger.mjs through tsx), against BENCH_DATABASE_URL:
//   setup  — N funded accounts (campaign escrows: no user rows needed)
//   domain — BENCH_CLIENTS async loops calling transfer() between random funded accounts for BENCH_SECONDS
//   http   — a tiny Hono app (this file only, not the product) with POST /transfer calling the same
//            function; prints {"port": …} and serves until killed (autocannon drives it from outside)
// Each mode prints one JSON line on stdout.
import { randomUUID } from "node:crypto";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { openDatabase } from "@/server/db/client";
import { campaignEscrowCode, checkLedgerInvariants, ensureAccounts, gatewayAccountCode, transfer } from "@/server/ledger";
import { AppError } from "@/server/core/errors";
import { statusOf } from "@/server/http/errors";

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is required");
const mode = process.argv[2];
const clients = Number(process.env.BENCH_CLIENTS || 8);
const seconds = Number(process.env.BENCH_SECONDS || 10);
const accountCount = Number(process.env.BENCH_ACCOUNTS || 1000);

const database = await openDatabase({ url, maxConnections: clients + 2 });
const db = database.db;
const codes = Array.from({ length: accountCount }, (_, i) => campaignEscrowCode(`00000000-0000-4000-8000-${String(i).padStart(12, "0")}`));
const pick = () => codes[Math.floor(Math.random() * codes.length)]!;
const pair = () => {
  const from = pick();
  let to = pick();
  while (to === from) to = pick();
  return { from, to };
};

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;
}

if (mode === "setup") {
  await ensureAccounts({ db }, { specs: [gatewayAccountCode("bench"), ...codes] });
  for (let i = 0; i < codes.length; i += 50) {
    await Promise.all(
      codes.slice(i, i + 50).map((to) =>
        transfer(
          { db },
          {
            idempotencyKey: `fund:${to}`,
            from: gatewayAccountCode("bench"),
            to,
            amount: 1_000_000_000_000,
            intent: "wallet_charge",
          },
        ),
      ),
    );
  }
  console.log(JSON.stringify({ accounts: codes.length }));
  await database.close();
} else if (mode === "domain") {
  const run = async (until: number, latencies: number[] | null) => {
    let ops = 0;
    let errors = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < until) {
          const started = performance.now();
          try {
            await transfer(
              { db },
              { idempotencyKey: randomUUID(), ...pair(), amount: 1 + Math.floor(Math.random() * 1000), intent: "bench" },
            );
            ops++;
          } catch {
            errors++;
          }
          latencies?.push(performance.now() - started);
        }
      }),
    );
    return { ops, errors };
  };
  await run(Date.now() + 1_000, null); // warm-up: JIT, pool connections
  const latencies: number[] = [];
  const started = performance.now();
  const { ops, errors } = await run(Date.now() + seconds * 1000, latencies);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const violations = await checkLedgerInvariants({ db });
  console.log(
    JSON.stringify({
      tps: ops / elapsed,
      ops,
      errors,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      violations: violations.length,
    }),
  );
  await database.close();
} else if (mode === "http") {
  const app = new Hono();
  app.post("/transfer", async (c) => {
    const body = await c.req.json<{ key?: string; from?: string; to?: string; amount?: number }>();
    try {
      const { from, to } = body.from && body.to ? { from: body.from, to: body.to } : pair();
      const moved = await transfer(
        { db },
        { idempotencyKey: body.key ?? randomUUID(), from, to, amount: body.amount ?? 1, intent: "bench" },
      );
      return c.json({ data: { id: moved.id, status: moved.status } }, 200);
    } catch (error) {
      if (error instanceof AppError) return c.json({ error: { code: error.code } }, statusOf(error));
      throw error;
    }
  });
  app.get("/invariants", async (c) => c.json({ violations: (await checkLedgerInvariants({ db })).length }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log(JSON.stringify({ port: info.port })));
  const stop = () => server.close(() => void database.close().then(() => process.exit(0)));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} else {
  throw new Error(`unknown mode ${mode}`);
}
