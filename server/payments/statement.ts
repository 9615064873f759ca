import { eq, sql, type SQL } from "drizzle-orm";
import type { StatementKind, StatementStatus } from "@/lib/schemas/enums";
import type { Receipt, StatementLine, StatementTab } from "@/lib/schemas/wallet";
import { addDays, tehranDayStart } from "@/lib/time/tehran";
import { executor, type DbCtx } from "@/server/core/context";
import { campaigns, membershipPlans, memberships, payouts, transactions, users } from "@/server/db/schema";

export type StatementFilter = {
  tab: StatementTab;
  kind?: StatementKind | undefined;
  /** Tehran days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
};

/** A line as the statement's query answers it, before it is shaped for the wire. */
export type StatementRow = StatementLine & { metadata: Record<string, unknown>; transaction_id: string | null };

type RawRow = {
  id: string;
  at: string | Date;
  kind: StatementKind;
  status: StatementStatus;
  amount: string | number;
  account: StatementLine["account"];
  counter_account: StatementLine["counter_account"];
  balance_after: string | number | null;
  metadata: unknown;
  transaction_id: string | null;
  gateway: string | null;
  bank_reference: string | null;
  by_card: boolean;
  total: string | number;
};

/** The first moment of a Tehran day. */
const dayStart = (day: string) => tehranDayStart(new Date(`${day}T12:00:00Z`));

/**
 * Every line of a person's statement (issue 33), read from the ledger in one statement:
 *  1. postings: each transfer touching one of the person's accounts (wallet, earnings, earnings_held,
 *     frozen), once per account it touches;
 *  2. each account's running balance, from its balance now back through its posted movements in the
 *     statement's order (created_at, then seq: the order of writing inside one transaction) — so the
 *     lines of an account add up to its balance by construction;
 *  3. one line per business event: a move between two of the person's own accounts shows once (a release
 *     on earnings, a freeze on the account it froze), and a payment by card that was spent at once on what
 *     it paid for (a plan, a campaign's top-up) shows as that purchase, paid by card, not as a charge and a
 *     spend;
 *  4. payments by card straight into a campaign's budget (no account of the person moved), and payments
 *     that moved nothing yet (pending, failed), as lines without a balance.
 */
function statementSql(userId: string, filter: StatementFilter & { id?: string }, page: SQL): SQL {
  const where: SQL[] = [sql`true`];
  if (filter.tab === "paid") where.push(sql`l.status = 'paid'`);
  if (filter.tab === "pending") where.push(sql`l.status in ('pending', 'held')`);
  if (filter.tab === "failed") where.push(sql`l.status = 'failed'`);
  if (filter.kind) where.push(sql`l.kind = ${filter.kind}::text`);
  if (filter.from) where.push(sql`l.at >= ${dayStart(filter.from).toISOString()}::timestamptz`);
  if (filter.to) where.push(sql`l.at < ${dayStart(addDays(filter.to, 1)).toISOString()}::timestamptz`);
  if (filter.id) where.push(sql`l.id = ${filter.id}::uuid`);
  return sql`
    with acc as (
      select id, kind, balance from ledger_accounts
      where user_id = ${userId}::uuid and kind in ('wallet', 'earnings', 'earnings_held', 'frozen')
    ), raw as (
      select t.id, t.created_at, t.seq, t.status, t.intent, t.amount, t.metadata, a.id as account_id, a.kind as account,
        -t.amount as signed, 'debit' as side, o.kind as other_kind
      from ledger_transfers t join acc a on a.id = t.debit_account_id join ledger_accounts o on o.id = t.credit_account_id
      union all
      select t.id, t.created_at, t.seq, t.status, t.intent, t.amount, t.metadata, a.id, a.kind,
        t.amount, 'credit', o.kind
      from ledger_transfers t join acc a on a.id = t.credit_account_id join ledger_accounts o on o.id = t.debit_account_id
    ), postings as (
      select r.*,
        -- What pairs a payment by card with what it was spent on at once: a plan (the card payment's
        -- transaction names the membership bought) or a campaign's top-up (both name the payment).
        case
          when r.side = 'credit' and r.other_kind = 'gateway' and r.intent = 'membership_payment' then
            'm:' || (select c.metadata->>'membership_id' from transactions c where c.id = (r.metadata->>'transaction_id')::uuid)
          when r.side = 'credit' and r.other_kind = 'gateway' and r.intent = 'campaign_top_up' then 't:' || (r.metadata->>'transaction_id')
          when r.side = 'debit' and r.intent = 'pay_membership' and r.account = 'wallet' then 'm:' || (r.metadata->>'membership_id')
          when r.side = 'debit' and r.intent = 'campaign_top_up' and r.account = 'wallet' then 't:' || (r.metadata->>'transaction_id')
        end as pair_key,
        case r.account when 'earnings_held' then 1 when 'frozen' then 2 else 0 end as rank,
        case r.other_kind when 'earnings_held' then 1 when 'frozen' then 2 when 'wallet' then 0 when 'earnings' then 0 else 3 end as other_rank
      from raw r
    ), running as (
      select p.*,
        a.balance - coalesce(sum(case when p.status = 'posted' then p.signed else 0 end) over (
          partition by p.account_id order by p.created_at desc, p.seq desc rows between unbounded preceding and 1 preceding), 0) as balance_after,
        case when p.pair_key is null then 1 else count(*) over (partition by p.pair_key) end as paired
      from postings p join acc a on a.id = p.account_id
    ), own as (
      select r.*,
        case
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
          when r.pair_key like 't:%' then 'campaign_payment'
          when r.side = 'credit' and r.other_kind = 'gateway' then 'charge'
          when r.intent in ('campaign_creation', 'campaign_top_up') then 'campaign_payment'
          else 'other'
        end as kind
      from running r
      -- A move between two own accounts shows on the one that is not held or frozen; a paid-by-card credit folds into its purchase.
      where (r.other_rank = 3 or r.rank < r.other_rank) and not (r.paired = 2 and r.side = 'credit')
    ), lines as (
      select o.id, o.created_at as at, o.seq, o.kind,
        case
          when o.status = 'pending' then 'pending'
          when o.status = 'voided' then 'failed'
          when o.kind = 'reward_held' and not exists (
            select 1 from ledger_transfers x
            where x.idempotency_key in ('activity:' || (o.metadata->>'activity_id') || ':release', 'activity:' || (o.metadata->>'activity_id') || ':clawback')
          ) then 'held'
          else 'paid'
        end as status,
        case when o.paired = 2 then -o.amount else o.signed end as amount,
        case when o.paired = 2 then 'card' else o.account end as account,
        case when o.other_rank < 3 then o.other_kind end as counter_account,
        case when o.paired = 2 or o.status <> 'posted' then null else o.balance_after end as balance_after,
        o.metadata, o.metadata->>'transaction_id' as transaction_id, o.paired = 2 as by_card
      from own o
      union all
      -- Paid by card straight into a campaign's budget: none of the person's accounts moved.
      select t.id, t.created_at, t.seq, 'campaign_payment', 'paid', -t.amount, 'card', null, null, t.metadata, c.id::text, true
      from transactions c join ledger_transfers t on t.id = c.transfer_id
      where c.user_id = ${userId}::uuid and c.status = 'paid'
        and t.debit_account_id not in (select id from acc) and t.credit_account_id not in (select id from acc)
      union all
      -- A payment that moved nothing yet: started at a gateway and not paid (pending), or refused (failed).
      select c.id, c.created_at, null, case c.intent when 'wallet_charge' then 'charge' when 'membership_payment' then 'plan' else 'campaign_payment' end,
        c.status, case c.intent when 'wallet_charge' then c.amount else -c.amount end,
        case c.intent when 'wallet_charge' then 'wallet' else 'card' end, null, null,
        c.metadata || jsonb_strip_nulls(jsonb_build_object('campaign_id', c.campaign_id)), c.id::text, c.intent <> 'wallet_charge'
      from transactions c
      where c.user_id = ${userId}::uuid and c.status in ('pending', 'failed')
    ), picked as (
      select l.*, count(*) over () as total from lines l
      where ${sql.join(where, sql` and `)}
      order by l.at desc, l.seq desc nulls first, l.id desc
      ${page}
    )
    select p.id, p.at, p.kind, p.status, p.amount, p.account, p.counter_account, p.balance_after, p.metadata, p.transaction_id, p.by_card, p.total,
      coalesce(card.gateway, c.gateway) as gateway,
      coalesce(card.reference, c.reference, po.bank_reference) as bank_reference
    from picked p
    left join transactions c on c.id = (p.transaction_id)::uuid
    left join lateral (
      select m.gateway, m.reference from transactions m
      where p.kind = 'plan' and p.by_card and m.user_id = ${userId}::uuid and m.intent = 'membership_payment'
        and m.metadata->>'membership_id' = p.metadata->>'membership_id'
      limit 1
    ) card on true
    left join payouts po on p.kind in ('payout', 'payout_returned') and po.id = (p.metadata->>'payout_id')::uuid
    order by p.at desc, p.seq desc nulls first, p.id desc`;
}

const SUBJECT_OF: Partial<Record<StatementKind, [StatementLine["subject"], string]>> = {
  campaign_payment: ["campaign", "campaign_id"],
  campaign_refund: ["campaign", "campaign_id"],
  reward_held: ["activity", "activity_id"],
  reward_released: ["activity", "activity_id"],
  reward_clawed_back: ["activity", "activity_id"],
  invitation_reward: ["invitation", "invitation_id"],
  plan: ["membership", "membership_id"],
  payout: ["payout", "payout_id"],
  payout_returned: ["payout", "payout_id"],
  charge: ["transaction", "transaction_id"],
};

const uuidOf = (value: unknown) =>
  typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : null;

function toRow(raw: RawRow): StatementRow {
  const metadata = (typeof raw.metadata === "string" ? JSON.parse(raw.metadata) : (raw.metadata ?? {})) as Record<string, unknown>;
  const subject = SUBJECT_OF[raw.kind];
  const subjectId = subject ? uuidOf(subject[1] === "transaction_id" ? raw.transaction_id : metadata[subject[1]]) : null;
  return {
    id: raw.id,
    at: new Date(raw.at).toISOString(),
    kind: raw.kind,
    status: raw.status,
    amount: Number(raw.amount),
    account: raw.account,
    counter_account: raw.counter_account,
    balance_after: raw.balance_after === null ? null : Number(raw.balance_after),
    reference: raw.id.slice(0, 8).toUpperCase(),
    bank_reference: raw.bank_reference,
    by_card: raw.by_card === true,
    gateway: raw.gateway === "wallet" || raw.gateway === "earnings" ? null : raw.gateway,
    subject: subjectId ? subject![0] : null,
    subject_id: subjectId,
    campaign_id: uuidOf(metadata.campaign_id),
    metadata,
    transaction_id: uuidOf(raw.transaction_id),
  };
}

/** A page of the person's statement, newest first, and how many lines match. */
export async function statementPage(
  ctx: DbCtx,
  input: StatementFilter & { userId: string; page: number; perPage: number },
): Promise<{ rows: StatementRow[]; total: number }> {
  const db = executor(ctx);
  const page = sql`limit ${input.perPage} offset ${(input.page - 1) * input.perPage}`;
  const found = await db.execute<RawRow>(statementSql(input.userId, input, page));
  const rows = found.rows.map(toRow);
  if (rows.length > 0 || input.page === 1) return { rows, total: Number(found.rows[0]?.total ?? 0) };
  // Past the last page: the count still says how many there are.
  const counted = await db.execute<RawRow>(statementSql(input.userId, input, sql`limit 1`));
  return { rows, total: Number(counted.rows[0]?.total ?? 0) };
}

/** Every matching line, newest first, up to `max` (the export). */
export async function statementLines(ctx: DbCtx, input: StatementFilter & { userId: string; max: number }): Promise<StatementRow[]> {
  const found = await executor(ctx).execute<RawRow>(statementSql(input.userId, input, sql`limit ${input.max}`));
  return found.rows.map(toRow);
}

/** One line of a person's statement by its id; null when it is not theirs. */
export async function statementLine(ctx: DbCtx, input: { userId: string; id: string }): Promise<StatementRow | null> {
  const found = await executor(ctx).execute<RawRow>(statementSql(input.userId, { tab: "all", id: input.id }, sql`limit 1`));
  return found.rows[0] ? toRow(found.rows[0]) : null;
}

/** Whose line an id is: the owner of the person's account a transfer moved, or of a payment; null when none. */
export async function statementOwner(ctx: DbCtx, input: { id: string }): Promise<string | null> {
  const found = await executor(ctx).execute<{ user_id: string }>(sql`
    select a.user_id from ledger_transfers t join ledger_accounts a on a.id in (t.debit_account_id, t.credit_account_id)
    where t.id = ${input.id}::uuid and a.user_id is not null
    union all
    select c.user_id from transactions c where c.id = ${input.id}::uuid
    limit 1`);
  return found.rows[0]?.user_id ?? null;
}

/** A receipt: the line and what it concerns by name, for its owner (an admin reads anyone's). */
export async function receiptOf(ctx: DbCtx, input: { userId: string; id: string }): Promise<Receipt | null> {
  const line = await statementLine(ctx, input);
  if (!line) return null;
  const db = executor(ctx);
  const membershipId = line.subject === "membership" ? line.subject_id : null;
  const payoutId = line.subject === "payout" ? line.subject_id : null;
  const [owner, campaign, plan, payout, payment] = await Promise.all([
    db.select({ first: users.firstName, last: users.lastName, phone: users.phone }).from(users).where(eq(users.id, input.userId)),
    line.campaign_id ? db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.id, line.campaign_id)) : [],
    membershipId
      ? db
          .select({ names: membershipPlans.names })
          .from(memberships)
          .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
          .where(eq(memberships.id, membershipId))
      : [],
    payoutId ? db.select().from(payouts).where(eq(payouts.id, payoutId)) : [],
    line.transaction_id
      ? db.select({ reason: transactions.failureReason }).from(transactions).where(eq(transactions.id, line.transaction_id))
      : [],
  ]);
  const person = owner[0];
  const paid = payout[0];
  return {
    line: toLineOutput(line),
    owner: { name: `${person?.first ?? ""} ${person?.last ?? ""}`.trim(), phone: person?.phone ?? null },
    campaign_name: campaign[0]?.name ?? null,
    plan_name: plan[0]?.names ?? null,
    payout: paid
      ? {
          iban: paid.iban,
          bank_name: paid.bankName,
          status: paid.status,
          paid_at: paid.status === "confirmed" ? (paid.settledAt ?? paid.updatedAt).toISOString() : null,
        }
      : null,
    failure_reason: payment[0]?.reason ?? null,
  };
}

/** A statement row as the wire carries it. */
export function toLineOutput(row: StatementRow): StatementLine {
  const line: Partial<StatementRow> = { ...row };
  delete line.metadata;
  delete line.transaction_id;
  return line as StatementLine;
}
