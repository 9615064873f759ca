import { sql } from "drizzle-orm";
import type { Db } from "@/server/db";

/**
 * units.delivered, units.dropped and units.refilled, batched: at most one delivery per event, campaign
 * and run (the job runs each minute). What each campaign's delivery rollup (campaign_delivery_days) has
 * grown by since the last announcement (webhook_unit_marks) goes to every active endpoint of its owner
 * that hears it, with the campaign's new total; the marks move in the same statement. A run repeated
 * with nothing grown writes nothing, and the dedupe key (event, campaign, total) keeps two runs from
 * announcing the same growth twice. Answers how many deliveries it queued.
 */
export async function announceUnits(ctx: { db: Db }): Promise<number> {
  const { rows } = await ctx.db.execute<{ queued: number }>(sql`
    with heard as (
      select c.id as campaign_id, c.owner_id, c.name from campaigns c
      where exists (
        select 1 from webhook_endpoints e
        where e.user_id = c.owner_id and e.disabled_at is null
          and e.events && array['units.delivered', 'units.dropped', 'units.refilled']::text[]
      )
      -- Only campaigns whose rollup moved today or yesterday (Tehran days): the rest cannot have grown.
      and exists (
        select 1 from campaign_delivery_days r
        where r.campaign_id = c.id and r.day >= ((now() at time zone 'UTC') + interval '210 minutes')::date - 1
      )
    ), totals as (
      select h.campaign_id, h.owner_id, h.name,
        sum(d.delivered)::int as delivered, sum(d.dropped)::int as dropped, sum(d.refilled)::int as refilled
      from heard h join campaign_delivery_days d on d.campaign_id = h.campaign_id
      group by h.campaign_id, h.owner_id, h.name
    ), grown as (
      select t.*, coalesce(m.delivered, 0) as was_delivered, coalesce(m.dropped, 0) as was_dropped, coalesce(m.refilled, 0) as was_refilled
      from totals t left join webhook_unit_marks m on m.campaign_id = t.campaign_id
      where t.delivered > coalesce(m.delivered, 0) or t.dropped > coalesce(m.dropped, 0) or t.refilled > coalesce(m.refilled, 0)
    ), marked as (
      insert into webhook_unit_marks (campaign_id, delivered, dropped, refilled)
      select campaign_id, delivered, dropped, refilled from grown
      on conflict (campaign_id) do update set delivered = excluded.delivered, dropped = excluded.dropped, refilled = excluded.refilled
    ), events as (
      select g.campaign_id, g.owner_id, g.name, ev.event, ev.units, ev.total
      from grown g cross join lateral (values
        ('units.delivered', g.delivered - g.was_delivered, g.delivered),
        ('units.dropped', g.dropped - g.was_dropped, g.dropped),
        ('units.refilled', g.refilled - g.was_refilled, g.refilled)
      ) as ev(event, units, total)
      where ev.units > 0
    ), queued as (
      insert into webhook_deliveries (endpoint_id, event, data, dedupe_key)
      select e.id, v.event, jsonb_build_object('campaign_id', v.campaign_id, 'campaign', v.name, 'units', v.units, 'total', v.total),
        v.event || ':' || v.campaign_id || ':' || v.total
      from events v join webhook_endpoints e on e.user_id = v.owner_id and e.disabled_at is null and v.event = any(e.events)
      on conflict do nothing
      returning 1
    )
    select count(*)::int as queued from queued`);
  return rows[0]?.queued ?? 0;
}
