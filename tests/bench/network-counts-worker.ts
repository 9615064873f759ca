// The network counter's bench worker (run by tests/bench/network-counts.mjs through tsx), against
// BENCH_DATABASE_URL: 100,000 campaigns of which 10,000 active YouTube ones (7,000 linked by channel id,
// 2,000 by @handle, 1,000 by video), a local fake YouTube knowing their channels and videos, and the
// network-counts job's own run: day 1 (handles resolved), day 2 (every id kept), then again the same day.
// Each run timed, its calls counted at the fake; one JSON line.
import { sql } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { youtubeApi } from "@/server/adapters/youtube";
import { networkCountsJob } from "@/server/jobs/network-counts";
import { startFakeYoutube, type FakeChannel, type FakeVideo } from "@/tests/support/fake-youtube";

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is required");
const ACTIVE = 10_000;
const TOTAL = 100_000;
const BY_ID = 7_000;
const BY_HANDLE = 2_000;
const API_KEY = "bench-youtube-key";

const channelId = (g: number) => `UC${String(g).padStart(22, "0")}`;
const videoId = (g: number) => String(g).padStart(11, "0");
const channels: FakeChannel[] = Array.from({ length: BY_ID + BY_HANDLE }, (_, i) => ({
  id: channelId(i + 1),
  title: `Bench ${i + 1}`,
  handle: i + 1 > BY_ID ? `@bench${i + 1}` : null,
  subscribers: i % 97 === 0 ? null : 1_000 + i * 13,
  views: 100_000 + i,
}));
const videos: FakeVideo[] = Array.from({ length: ACTIVE - BY_ID - BY_HANDLE }, (_, i) => ({
  id: videoId(BY_ID + BY_HANDLE + i + 1),
  channelId: channelId(1 + (i % BY_ID)),
  views: 5_000 + i,
  likes: i % 50 === 0 ? null : 100 + i,
  comments: 10 + (i % 7),
}));
const fake = await startFakeYoutube({ apiKey: API_KEY, channels, videos });
fake.setDelay(Number(process.env.BENCH_YOUTUBE_DELAY_MS || 0));

const database = await openDatabase({ url, maxConnections: 10 });
const lines = `{"lines":[{"metric":"likes","action":"like","unitPrice":5000,"max":1000},{"metric":"comments","action":"comment","unitPrice":20000,"max":100}],"subtotal":7000000,"fee":0,"total":7000000}`;
await database.db.execute(sql`
  insert into users (id, first_name, phone, phone_verified_at)
    select gen_random_uuid(), 'P' || g, '+98935' || lpad(g::text, 7, '0'), now() from generate_series(1, 1000) g`);
// The 90,000 others: finished long before the guarantee window, or on Instagram.
await database.db.execute(sql`
  with owners as (select id, row_number() over () as n from users)
  insert into campaigns (owner_id, name, network, strategy, link, follower_count, status, invoice, budget, created_at, completed_at)
  select o.id, 'Campaign ' || g, case when g > ${ACTIVE} and g % 2 = 0 then 'instagram' else 'youtube' end, 'smart',
    case
      when g <= ${BY_ID} then 'https://www.youtube.com/channel/UC' || lpad(g::text, 22, '0')
      when g <= ${BY_ID + BY_HANDLE} then 'https://www.youtube.com/@bench' || g
      when g <= ${ACTIVE} then 'https://www.youtube.com/watch?v=' || lpad(g::text, 11, '0')
      when g % 2 = 0 then 'https://www.instagram.com/old' || g || '/'
      else 'https://www.youtube.com/@old' || g
    end,
    1000, case when g <= ${ACTIVE} then 'active' when g % 3 = 0 then 'paid' else 'completed' end, ${lines}::jsonb, 7700000,
    now() - interval '90 days', case when g > ${ACTIVE} then now() - interval '60 days' end
  from generate_series(1, ${TOTAL}) g join owners o on o.n = 1 + (g % 1000)`);
await database.db.execute(sql`vacuum analyze campaigns`);

const job = networkCountsJob(youtubeApi({ apiKey: API_KEY, baseUrl: fake.url }));
async function run(at: Date) {
  const before = fake.requests.length;
  const began = performance.now();
  const output = await job.run({ db: database.db, signal: new AbortController().signal, now: () => at });
  const seconds = (performance.now() - began) / 1000;
  const requests = fake.requests.slice(before);
  return {
    ...output,
    seconds,
    units: requests.length,
    forHandle: requests.filter((r) => r.params.forHandle).length,
    largestBatch: Math.max(0, ...requests.map((r) => (r.params.id ?? "").split(",").filter(Boolean).length)),
  };
}
const now = Date.now();
const first = await run(new Date(now - 86_400_000));
const second = await run(new Date(now));
const again = await run(new Date(now + 60_000));
const [rows] = (
  await database.db.execute<{ days: number; started: number }>(sql`
  select (select count(*) from campaign_network_days)::int as days,
    (select count(*) from campaigns where network_start is not null)::int as started`)
).rows;
console.log(JSON.stringify({ active: ACTIVE, total: TOTAL, first, second, again, ...rows }));
await fake.close();
await database.close();
process.exit(0);
