import { sql, type SQL } from "drizzle-orm";
import type { TxCtx, Ctx } from "@/server/core/context";

/**
 * Takes one withdrawal or invitation of the period in force at `now` — or of the upgrade that carries it
 * on — in one conditional UPDATE, so parallel requests never pass the limit. Answers the period's id,
 * or null when none is in force or its allowance is used. When an upgrade commits while the UPDATE
 * waits for the old period's row, that row is closed (allowed = used) and the statement runs again on
 * a fresh snapshot, which finds the upgrade.
 */
export async function takeSlot(
  ctx: TxCtx & Pick<Ctx, "now">,
  input: { userId: string; what: "withdrawals" | "invitations" },
): Promise<string | null> {
  const tx = ctx.tx;
  const { now } = ctx;
  const { userId, what } = input;
  const { used, allowed } = slotColumns(what);
  const at = sql`${now.toISOString()}::timestamptz`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = await tx.execute<{ id: string }>(sql`
      with recursive chain(id, depth) as (
        select id, 0 from memberships where user_id = ${userId} and starts_at <= ${at} and ends_at > ${at}
        union all
        select later.id, chain.depth + 1 from memberships as later join chain on later.replaces = chain.id
      )
      update memberships set ${used} = ${used} + 1
      where id = (select id from chain order by depth desc limit 1) and ${used} < ${allowed}
      returning id`);
    if (taken.rows[0]) return taken.rows[0].id;
    const replaced = await tx.execute<{ id: string }>(sql`
      select later.id from memberships as current join memberships as later on later.replaces = current.id
      where current.user_id = ${userId} and current.starts_at <= ${at} and current.ends_at > ${at} limit 1`);
    if (!replaced.rows[0]) return null;
  }
  return null;
}

/**
 * takeSlot's work as two steps of a caller's statement (which starts `with recursive`), for a verb done in
 * one statement: `slotLocked` finds the period in force at `now` (or the upgrade carrying it on) and locks
 * its row when it has one left (`slot`), waiting for a parallel taker and checking again on its newest
 * version; `slotTaken` counts it, later in the statement, only when `when` holds — so a refusal between
 * the two (no money) takes nothing. Nothing in `slot`: none left, none in force, or an upgrade that
 * closed this period meanwhile — the caller answers through takeSlot, which tells them apart.
 */
export function slotLocked(input: { userId: string; what: "withdrawals" | "invitations"; now: Date }): SQL {
  const { used, allowed } = slotColumns(input.what);
  const at = sql`${input.now.toISOString()}::timestamptz`;
  return sql`chain(id, depth) as (
      select id, 0 from memberships where user_id = ${input.userId}::uuid and starts_at <= ${at} and ends_at > ${at}
      union all
      select later.id, chain.depth + 1 from memberships as later join chain on later.replaces = chain.id
    ), slot as (
      select m.id from memberships m
      where m.id = (select id from chain order by depth desc limit 1) and m.${used} < m.${allowed}
      for no key update of m
    )`;
}

/** The second step (see slotLocked): the locked period's allowance counted once `when` holds. */
export function slotTaken(what: "withdrawals" | "invitations", when: SQL): SQL {
  const { used } = slotColumns(what);
  return sql`taken as (
      update memberships set ${used} = ${used} + 1 where id = (select id from slot) and ${when} returning id
    )`;
}

function slotColumns(what: "withdrawals" | "invitations") {
  return what === "withdrawals"
    ? { used: sql.raw("withdrawals_used"), allowed: sql.raw("withdrawals_allowed") }
    : { used: sql.raw("invitations_used"), allowed: sql.raw("invitations_allowed") };
}
