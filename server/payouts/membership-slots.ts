import { sql } from "drizzle-orm";
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
  const used = what === "withdrawals" ? sql.raw("withdrawals_used") : sql.raw("invitations_used");
  const allowed = what === "withdrawals" ? sql.raw("withdrawals_allowed") : sql.raw("invitations_allowed");
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
