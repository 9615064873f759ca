import { sql, type SQL } from "drizzle-orm";
import type { StatementKind } from "@/lib/schemas/enums";
import type { StatementTab } from "@/lib/schemas/wallet";
import { addDays, tehranDayStart } from "@/lib/time/tehran";
import { executor, type DbCtx } from "@/server/core/context";

/** The statement's filters besides paging: a tab, a kind, a range of Tehran days. */
export type StatementFilter = {
  tab: StatementTab;
  kind?: StatementKind | undefined;
  /** Tehran days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
};

/** The first moment of a Tehran day. */
const dayStart = (day: string) => tehranDayStart(new Date(`${day}T12:00:00Z`));

/** The person's own accounts, whose movements make their statement. */
export type OwnAccount = { id: string; kind: "wallet" | "earnings" | "earnings_held" | "frozen" };

export async function ownAccounts(ctx: DbCtx, userId: string): Promise<OwnAccount[]> {
  const found = await executor(ctx).execute<OwnAccount>(sql`
    select id, kind from ledger_accounts
    where user_id = ${userId}::uuid and kind in ('wallet', 'earnings', 'earnings_held', 'frozen')
    order by kind`);
  return found.rows;
}

/** The accounts' ids as an SQL list (`null` for none: `x in (null)` holds for no row). */
export const idList = (accounts: readonly OwnAccount[]) =>
  accounts.length > 0
    ? sql.join(
        accounts.map((account) => sql`${account.id}::uuid`),
        sql`, `,
      )
    : sql`null::uuid`;

/** How many lines a page's answer counts at most (its total): past it, a person narrows by month or exports. */
export const STATEMENT_COUNT_MAX = 2_000;
/** Movements the count reads at most, newest first (a line is at most two movements; a few more for the filters). */
export const COUNT_SCAN = STATEMENT_COUNT_MAX * 3;

/** The ledger intents a kind's lines come from: a filter by kind reads only those movements (exact kind is decided after). */
const INTENTS_OF: Record<StatementKind, readonly string[]> = {
  charge: ["wallet_charge", "campaign_creation", "campaign_top_up", "membership_payment"],
  campaign_payment: ["campaign_creation", "campaign_top_up"],
  campaign_refund: ["refund"],
  reward_held: ["reward"],
  reward_released: ["reward"],
  reward_clawed_back: ["refund"],
  invitation_reward: ["reward"],
  plan: ["pay_membership", "membership_payment"],
  payout: ["payout"],
  payout_returned: ["refund"],
  frozen: ["ban_hold"],
  unfrozen: ["ban_release"],
  other: [],
};

type Side = "debit" | "credit";
/** Where a kind's lines can stand: which of the person's accounts, on which side (a filter reads only those ranges). */
const PLACES_OF: Partial<Record<StatementKind, readonly `${OwnAccount["kind"]}:${Side}`[]>> = {
  charge: ["wallet:credit"],
  campaign_payment: ["wallet:debit"],
  campaign_refund: ["wallet:credit"],
  reward_held: ["earnings_held:credit"],
  reward_released: ["earnings:credit"],
  reward_clawed_back: ["earnings_held:debit", "earnings:debit"],
  invitation_reward: ["earnings:credit"],
  plan: ["wallet:debit", "earnings:debit"],
  payout: ["earnings:debit"],
  payout_returned: ["earnings:credit"],
  frozen: ["wallet:debit", "earnings:debit", "earnings_held:debit"],
  unfrozen: ["wallet:credit", "earnings:credit", "earnings_held:credit"],
};

/** Whether a range (an account, a side) can hold lines of the filter: a reserve (pending, voided) is a debit's. */
function rangeMatters(filter: StatementFilter, account: OwnAccount, side: Side): boolean {
  const places = filter.kind ? PLACES_OF[filter.kind] : undefined;
  if (places && !places.includes(`${account.kind}:${side}`)) return false;
  if (filter.tab === "failed") return side === "debit";
  if (filter.tab === "pending") return side === "debit" || account.kind === "earnings_held";
  return true;
}

/** What of a filter each movement can be judged by alone, before its line is made (it keeps the merge by seq streaming). */
function movementFilter(filter: StatementFilter, alias: "t" | "c", side?: Side): SQL {
  const parts: SQL[] = [];
  const at = alias === "t" ? sql`coalesce(t.settled_at, t.created_at)` : sql`c.created_at`;
  if (filter.from) parts.push(sql`${at} >= ${dayStart(filter.from).toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`${at} < ${dayStart(addDays(filter.to, 1)).toISOString()}::timestamptz`);
  if (filter.kind && filter.kind !== "other") {
    const intents = sql.join(
      INTENTS_OF[filter.kind].map((intent) => sql`${intent}::text`),
      sql`, `,
    );
    parts.push(sql`${sql.raw(alias)}.intent in (${intents})`);
  }
  // Reserves (pending, voided) are few: their own partial index (ledger_transfers_reserve_idx) finds them.
  if (alias === "t" && filter.tab === "failed") parts.push(sql`t.status <> 'posted' and t.status = 'voided'`);
  if (alias === "t" && filter.tab === "paid") parts.push(sql`t.status = 'posted'`);
  // Pending: a reserve (a debit), or a reward into held earnings (a credit; held or not is decided per line).
  if (alias === "t" && filter.tab === "pending")
    parts.push(side === "debit" ? sql`t.status <> 'posted' and t.status = 'pending'` : sql`t.status = 'posted' and t.intent = 'reward'`);
  if (alias === "c" && filter.tab === "paid") parts.push(sql`false`);
  if (alias === "c" && filter.tab === "pending") parts.push(sql`c.status = 'pending'`);
  if (alias === "c" && filter.tab === "failed") parts.push(sql`c.status = 'failed'`);
  return parts.length > 0 ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * A person's statement (issue 33), read from the ledger a page at a time, in the order money moved (seq, newest
 * first), each line with the balance of its account right after it (written by the ledger when it posted):
 *  1. each transfer touching one of the person's accounts, once per account it touches: one index range per
 *     account and side, merged by seq, so a page reads its own rows, not the account's history;
 *  2. one line per business event: a move between two of the person's accounts shows on the one that is not
 *     held or frozen, with the other as its counter account (a release: on earnings, from held earnings); a
 *     payment by card spent at once on what it paid for (a plan, a campaign's top-up) shows as that purchase,
 *     paid by card, not as a charge and a spend;
 *  3. campaigns paid by card straight into their budget (no account of the person moved), and payments that
 *     moved nothing yet (pending, failed) where they were made, as lines without a balance.
 */
export function linesSql(userId: string, accounts: readonly OwnAccount[], filter: StatementFilter & { id?: string }, scan: number): SQL {
  const onT = movementFilter(filter, "t");
  const onDebit = movementFilter(filter, "t", "debit");
  const onCredit = movementFilter(filter, "t", "credit");
  const onC = movementFilter(filter, "c");
  const own = idList(accounts);
  // A range of days starts where the account's last movement before it stands: the scan stops there (seq follows
  // time, but for movements of transactions that overlapped the first day's midnight).
  const branch = (account: OwnAccount, side: "debit" | "credit") => {
    const mine = side === "debit" ? sql.raw("debit_account_id") : sql.raw("credit_account_id");
    const theirs = side === "debit" ? sql.raw("credit_account_id") : sql.raw("debit_account_id");
    return sql`
      select t.id, t.seq, 0 as attempt, coalesce(t.settled_at, t.created_at) as at, t.status, t.intent, t.amount, t.metadata,
        t.idempotency_key, ${account.kind}::text as account, ${side}::text as side,
        ${side === "debit" ? sql`-t.amount` : sql`t.amount`} as signed,
        ${side === "debit" ? sql`t.debit_balance_after` : sql`t.credit_balance_after`} as balance_after,
        (select o.kind from ledger_accounts o where o.id = t.${theirs}) as other_kind, t.${theirs} in (${own}) as other_own
      from ledger_transfers t
      where t.${mine} = ${account.id}::uuid${filter.id ? sql` and t.id = ${filter.id}::uuid` : sql``}${side === "debit" ? onDebit : onCredit}${
        filter.from
          ? sql` and t.seq > coalesce((select x.seq from ledger_transfers x where x.${mine} = ${account.id}::uuid
              and coalesce(x.settled_at, x.created_at) < ${dayStart(filter.from).toISOString()}::timestamptz order by x.seq desc limit 1), 0)`
          : sql``
      }
      order by t.seq desc limit ${scan}`;
  };
  const branches = accounts.flatMap((account) =>
    (["debit", "credit"] as const).filter((side) => filter.id || rangeMatters(filter, account, side)).map((side) => branch(account, side)),
  );
  const cardLines = !filter.kind || filter.kind === "campaign_payment";
  const attempts = !filter.kind || ["charge", "plan", "campaign_payment"].includes(filter.kind);
  const where: SQL[] = [sql`not l.hidden`];
  if (filter.tab === "paid") where.push(sql`l.status = 'paid'`);
  if (filter.tab === "pending") where.push(sql`l.status in ('pending', 'held')`);
  if (filter.tab === "failed") where.push(sql`l.status = 'failed'`);
  if (filter.kind) where.push(sql`l.kind = ${filter.kind}::text`);
  if (filter.from) where.push(sql`l.at >= ${dayStart(filter.from).toISOString()}::timestamptz`);
  if (filter.to) where.push(sql`l.at < ${dayStart(addDays(filter.to, 1)).toISOString()}::timestamptz`);
  const oneTransaction = filter.id ? sql` and c.id = ${filter.id}::uuid` : sql``;
  const oneTransfer = filter.id ? sql` and t.id = ${filter.id}::uuid` : sql``;
  return sql`
    select l.* from (
      select r.id, r.seq, r.attempt, r.at, r.metadata, r.metadata->>'transaction_id' as transaction_id,
        k.kind, k.paired as by_card,
        case
          when r.side = 'attempt' then r.status
          when r.status = 'pending' then 'pending'
          when r.status = 'voided' then 'failed'
          when k.kind = 'reward_held' and not exists (
            select 1 from ledger_transfers x
            where x.idempotency_key in ('activity' || chr(58) || (r.metadata->>'activity_id') || chr(58) || 'release',
              'activity' || chr(58) || (r.metadata->>'activity_id') || chr(58) || 'clawback')
          ) then 'held'
          else 'paid'
        end as status,
        case when k.paired then -r.amount else r.signed end as amount,
        case when k.paired then 'card' else r.account end as account,
        case when r.other_own then r.other_kind end as counter_account,
        case when k.paired or r.status <> 'posted' then null else r.balance_after end as balance_after,
        k.hidden
      from (
        select * from (
        ${sql.join(
          [
            ...branches,
            sql`
      select t.id, t.seq, 0, coalesce(t.settled_at, t.created_at), t.status, t.intent, t.amount, t.metadata, t.idempotency_key,
        'card', 'card', -t.amount, null::bigint, 'escrow', false
      from transactions c join ledger_transfers t on t.id = c.transfer_id
      where c.user_id = ${userId}::uuid and c.status = 'paid' and c.campaign_id is not null${oneTransfer}${cardLines ? sql`` : sql` and false`}
        ${accounts.length > 0 ? sql`and t.debit_account_id not in (${own}) and t.credit_account_id not in (${own})` : sql``}${onT}
      order by t.seq desc limit ${scan}`,
            sql`
      select c.id, coalesce(c.ledger_seq, 0), 1, c.created_at, c.status, c.intent, c.amount,
        c.metadata || jsonb_strip_nulls(jsonb_build_object('campaign_id', c.campaign_id, 'transaction_id', c.id)), null,
        case c.intent when 'wallet_charge' then 'wallet' else 'card' end, 'attempt',
        case c.intent when 'wallet_charge' then c.amount else -c.amount end, null::bigint, null, false
      from transactions c
      where c.user_id = ${userId}::uuid and c.status <> 'paid'${oneTransaction}${onC}${attempts ? sql`` : sql` and false`}
      order by coalesce(c.ledger_seq, 0) desc limit ${scan}`,
          ].map((part) => sql`(${part})`),
          sql` union all `,
        )}
        ) u(id, seq, attempt, at, status, intent, amount, metadata, idempotency_key, account, side, signed, balance_after, other_kind, other_own)
        /* The newest movements, the newest of each account from its index range by seq, merged; the lines are made
           and filtered from them. */
        order by u.seq desc
        limit ${scan}
      ) r
      cross join lateral (
        select
          case
            when r.side = 'attempt' then case r.intent when 'wallet_charge' then 'charge' when 'membership_payment' then 'plan' else 'campaign_payment' end
            when r.side = 'card' then 'campaign_payment'
            when r.intent = 'ban_hold' then 'frozen'
            when r.intent = 'ban_release' then 'unfrozen'
            when r.intent = 'pay_membership' then 'plan'
            when r.intent = 'payout' then 'payout'
            when r.intent = 'refund' and r.metadata->>'payout_id' is not null then 'payout_returned'
            when r.intent = 'refund' and r.side = 'debit' then 'reward_clawed_back'
            when r.intent = 'refund' then 'campaign_refund'
            when r.intent = 'reward' and r.metadata->>'invitation_id' is not null then 'invitation_reward'
            when r.intent = 'reward' and r.account = 'earnings' then 'reward_released'
            when r.intent = 'reward' then 'reward_held'
            when r.side = 'credit' and r.other_kind = 'gateway' then 'charge'
            when r.intent in ('campaign_creation', 'campaign_top_up') then 'campaign_payment'
            else 'other'
          end as kind,
          /* Paid by card and spent at once, a top-up applied when its card payment settled or a plan bought then. */
          r.side = 'debit' and r.account = 'wallet' and (
            (r.intent = 'campaign_top_up' and r.idempotency_key = 'transaction' || chr(58) || (r.metadata->>'transaction_id') || chr(58) || 'top-up')
            or (r.intent = 'pay_membership' and exists (
              select 1 from transactions m where m.user_id = ${userId}::uuid and m.intent = 'membership_payment'
                and m.metadata->>'membership_id' = r.metadata->>'membership_id'))
          ) as paired,
          /* A move between two own accounts shows once; the card payment of such a purchase folds into it. */
          (r.other_own and ((case r.account when 'earnings_held' then 1 when 'frozen' then 2 else 0 end)
              - (case r.other_kind when 'earnings_held' then 1 when 'frozen' then 2 else 0 end) + (case r.side when 'debit' then 1 else 0 end)) > 0)
          or (r.side = 'credit' and r.other_kind = 'gateway' and (
            (r.intent = 'campaign_top_up' and exists (select 1 from ledger_transfers x
              where x.idempotency_key = 'transaction' || chr(58) || (r.metadata->>'transaction_id') || chr(58) || 'top-up'))
            or (r.intent = 'membership_payment' and exists (select 1 from transactions c
              where c.id = (r.metadata->>'transaction_id')::uuid and c.metadata->>'membership_id' is not null))
          )) as hidden
      ) k
    ) l
    where ${sql.join(where, sql` and `)}`;
}

/** The lines, newest first, a page of them (`limit`, `offset`), with what the receipts and the list show beside. */
export function pageSql(userId: string, lines: SQL, page: SQL): SQL {
  return sql`
    select p.id, p.at, p.kind, p.status, p.amount, p.account, p.counter_account, p.balance_after, p.metadata, p.transaction_id,
      p.by_card, coalesce(card.gateway, c.gateway) as gateway, coalesce(card.reference, c.reference, po.bank_reference) as bank_reference
    from (${lines} order by l.seq desc, l.attempt desc, l.id desc ${page}) p
    left join transactions c on c.id = (p.transaction_id)::uuid
    left join lateral (
      select m.gateway, m.reference from transactions m
      where p.kind = 'plan' and p.by_card and m.user_id = ${userId}::uuid and m.intent = 'membership_payment'
        and m.metadata->>'membership_id' = p.metadata->>'membership_id'
      limit 1
    ) card on true
    left join payouts po on p.kind in ('payout', 'payout_returned') and po.id = (p.metadata->>'payout_id')::uuid
    order by p.seq desc, p.attempt desc, p.id desc`;
}
