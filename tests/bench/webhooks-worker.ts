// The webhook fan-out bench's worker (run by tests/bench/webhooks.mjs through tsx), against BENCH_DATABASE_URL:
// 1,000 campaigns of 10 producers, each producer with one endpoint hearing units.delivered on a receiver on
// 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE, as the tests). 10,000 unit events: 10 rounds in which every campaign's
// rollup grows, each round announced as the minute's job announces it (one delivery per campaign), while
// the product's delivery loop (drainWebhooks, waiting for due work as its scheduled run does) sends them
// with the production poster. Prints one JSON line: deliveries, seconds, per second, the lag from the
// delivery's commit to its arrival (p50, p99), and whether every signature verified.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { announceUnits, drainWebhooks, verifyWebhook } from "@/server/integrations";

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is required");
process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
const PRODUCERS = 10;
const CAMPAIGNS = 1_000;
const ROUNDS = 10;

const database = await openDatabase({ url, maxConnections: 12 });
const db = database.db;
const secret = `whsec_${randomBytes(32).toString("base64url")}`;
const queuedAt = new Map<number, number>(); // round → when its deliveries committed
const lags: number[] = [];
let bad = 0;
let arrived = 0;
let allArrived: () => void = () => {};
const done = new Promise<void>((resolve) => (allArrived = resolve));

const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    const now = Date.now();
    const payload = JSON.parse(body) as { data: { total: number } };
    if (!verifyWebhook(secret, body, String(request.headers["takapoo-signature"]))) bad++;
    lags.push(now - queuedAt.get(payload.data.total)!);
    response.writeHead(204).end();
    if (++arrived === CAMPAIGNS * ROUNDS) allArrived();
  });
});
receiver.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

const producers = Array.from({ length: PRODUCERS }, () => randomUUID());
await db.execute(sql`insert into users (id, first_name, phone, phone_verified_at)
  select id::uuid, 'Producer', '+98912' || lpad(n::text, 7, '0'), now()
  from unnest(string_to_array(${producers.join(",")}::text, ',')) with ordinality as u(id, n)`);
await db.execute(sql`insert into webhook_endpoints (user_id, url, events, secret)
  select id::uuid, ${hook}, '{units.delivered}', ${secret} from unnest(string_to_array(${producers.join(",")}::text, ',')) as u(id)`);
await db.execute(sql`insert into campaigns (owner_id, name, network, strategy, link, follower_count, status, invoice, budget)
  select (string_to_array(${producers.join(",")}::text, ','))[1 + g % ${PRODUCERS}]::uuid, 'Campaign ' || g, 'youtube', 'units',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 0, 'active', '{"lines":[]}'::jsonb, 1000000
  from generate_series(1, ${CAMPAIGNS}) g`);
await db.execute(sql`vacuum analyze`);

const controller = new AbortController();
const started = Date.now();
const sending = drainWebhooks({ db }, { now: () => new Date(), signal: controller.signal, waitForDue: true, budgetMs: 600_000 });
const day = sql`((now() at time zone 'UTC') + interval '210 minutes')::date`;
for (let round = 1; round <= ROUNDS; round++) {
  // One unit event per campaign: its rollup grows by one delivery (a booster's approved like).
  await db.execute(sql`insert into campaign_delivery_days (campaign_id, day, delivered)
    select id, ${day}, 1 from campaigns
    on conflict (campaign_id, day) do update set delivered = campaign_delivery_days.delivered + 1`);
  const queued = await announceUnits({ db });
  queuedAt.set(round, Date.now());
  if (queued !== CAMPAIGNS) throw new Error(`round ${round}: ${queued} deliveries queued, not ${CAMPAIGNS}`);
}
await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 300_000))]);
const seconds = (Date.now() - started) / 1000;
controller.abort();
await sending;
lags.sort((a, b) => a - b);
const at = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? NaN;
console.log(
  JSON.stringify({
    events: CAMPAIGNS * ROUNDS,
    campaigns: CAMPAIGNS,
    deliveries: arrived,
    seconds,
    perSecond: arrived / seconds,
    p50: at(0.5),
    p99: at(0.99),
    bad,
  }),
);
receiver.close();
await database.close();
process.exit(0);
