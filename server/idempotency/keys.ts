import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { idempotencyKeys } from "@/server/db/schema";
import { executor, type DbCtx } from "@/server/core/context";
import { runStatement } from "@/server/db/statement";
import { batchedPerDatabase } from "@/server/db/batched";
import { withRetry } from "@/server/db/retry";

/** How long a key answers with its first result (Stripe keeps keys for 24 hours too). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a request may hold its key before another with the same key and body may take it over:
 * only a request whose process died holds one this long (a gateway call gives up after
 * PAYMENTS_TIMEOUT_MS, 10 s by default). Until then a repeat waits or answers 409.
 */
export const IDEMPOTENCY_LOCK_MS = 2 * 60 * 1000;
/** Expired keys deleted per claim of a new one: more than are ever made, so the table stays at about a day's keys. */
const CLEANUP_BATCH = 100;

export type StoredAnswer = { status: number; body: string };

export type Claim =
  /** The key is ours: run the request, then `complete` or `release` it. */
  | { state: "claimed" }
  /** The first request with this key and this body has answered: replay it. */
  | { state: "done"; answer: StoredAnswer }
  /** The first request with this key is still running. */
  | { state: "running" }
  /** The key was used for another request (another body, path or method). */
  | { state: "mismatch" };

type Owner = { userId: string; key: string; requestId: string };

/**
 * Takes the key for this request, or says what holds it. One statement decides under any
 * concurrency (the primary key): a new key is inserted; an expired one, or one whose holder
 * has held it past IDEMPOTENCY_LOCK_MS for the same request, is taken over.
 */
export async function claimIdempotencyKey(ctx: DbCtx, owner: Owner & { fingerprint: string }): Promise<Claim> {
  const db = executor(ctx) as Db;
  for (let attempt = 0; ; attempt++) {
    if (await claimInTurn(db, owner)) return { state: "claimed" };
    const held = await checkIdempotencyKey(ctx, owner);
    if (held) return held;
    // Released (its request failed) between the two statements: try to take it again, a few times at most.
    if (attempt >= 2) return { state: "running" };
  }
}

const ttl = `${IDEMPOTENCY_KEY_TTL_MS} milliseconds`;
const lock = `${IDEMPOTENCY_LOCK_MS} milliseconds`;
const ownerKey = (owner: Pick<Owner, "userId" | "key">) => `${owner.userId} ${owner.key}`;

/**
 * The claims of one turn in one statement (server/db/batched.ts): every money request makes one, so under
 * load one round trip takes many keys. Rows go in key order, so two instances' batches never wait on each
 * other crosswise; the same key twice goes one batch after the other (exclusiveKey), as a row may be
 * claimed once per statement.
 */
const claimInTurn = batchedPerDatabase<Owner & { fingerprint: string }, true>(
  async (db, claims) => {
    const rows = [...claims]
      .sort((a, b) => (ownerKey(a) < ownerKey(b) ? -1 : 1))
      .map((claim) => ({ user_id: claim.userId, key: claim.key, fingerprint: claim.fingerprint, request_id: claim.requestId }));
    const taken = (await withRetry(() =>
      runStatement(
        db,
        sql`
      insert into idempotency_keys (user_id, key, fingerprint, request_id, locked_at, created_at, expires_at)
      select c.user_id, c.key, c.fingerprint, c.request_id, now(), now(), now() + ${ttl}::interval
      from rows from (json_to_recordset(${JSON.stringify(rows)}::json) as (user_id uuid, key text, fingerprint text, request_id text))
        with ordinality as c(user_id, key, fingerprint, request_id, at)
      order by c.at
      on conflict (user_id, key) do update
        set fingerprint = excluded.fingerprint, request_id = excluded.request_id, response_status = null, response_body = null,
            locked_at = excluded.locked_at, created_at = excluded.created_at, expires_at = excluded.expires_at
        where idempotency_keys.expires_at <= now()
           or (idempotency_keys.response_status is null
               and idempotency_keys.fingerprint = excluded.fingerprint
               and idempotency_keys.locked_at <= now() - ${lock}::interval)
      returning user_id, key`,
      ),
    )) as { user_id: string; key: string }[];
    const claimed = new Set(taken.map((row) => ownerKey({ userId: row.user_id, key: row.key })));
    return claims.map((claim) => (claimed.has(ownerKey(claim)) ? true : null));
  },
  { max: 64, exclusiveKey: ownerKey },
);

/** What holds the key now, for a request with this fingerprint that did not get it; null when nothing does. */
export async function checkIdempotencyKey(ctx: DbCtx, owner: Omit<Owner, "requestId"> & { fingerprint: string }): Promise<Claim | null> {
  const db = executor(ctx);
  const held = await findIdempotencyKey(db, owner.userId, owner.key);
  return held ? judge(held, owner.fingerprint) : null;
}

function judge(
  held: { fingerprint: string; responseStatus: number | null; responseBody: string | null; expiresAt: Date },
  fingerprint: string,
): Claim {
  if (held.fingerprint !== fingerprint) return { state: "mismatch" };
  if (held.responseStatus !== null) return { state: "done", answer: { status: held.responseStatus, body: held.responseBody ?? "" } };
  return { state: "running" };
}

async function findIdempotencyKey(db: Db, userId: string, key: string) {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
      expiresAt: idempotencyKeys.expiresAt,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), sql`${idempotencyKeys.expiresAt} > now()`));
  return row ?? null;
}

/**
 * Keeps the first answer for replays (only while this request still holds the key) and, in the same
 * statement, deletes up to CLEANUP_BATCH expired keys, skipping rows another instance is deleting: the
 * table never holds much more than a day's keys without a job of its own, and a request pays one round
 * trip for both (the payouts bench: one statement and one commit fewer per money request).
 */
export async function completeIdempotencyKey(ctx: DbCtx, input: { owner: Owner; answer: StoredAnswer }): Promise<void> {
  await keepInTurn(executor(ctx) as Db, input);
}

/** The answers of one turn kept in one statement, with one sweep of expired keys. */
const keepInTurn = batchedPerDatabase<{ owner: Owner; answer: StoredAnswer }, true>(
  async (db, kept) => {
    const rows = kept.map(({ owner, answer }) => ({
      user_id: owner.userId,
      key: owner.key,
      request_id: owner.requestId,
      status: answer.status,
      body: answer.body,
    }));
    await withRetry(() =>
      runStatement(
        db,
        sql`
    with kept as (
      update idempotency_keys k set response_status = a.status, response_body = a.body
      from json_to_recordset(${JSON.stringify(rows)}::json) as a(user_id uuid, key text, request_id text, status int, body text)
      where k.user_id = a.user_id and k.key = a.key and k.request_id = a.request_id and k.response_status is null
      returning 1
    ), swept as (
      delete from idempotency_keys where (user_id, key) in (
        select user_id, key from idempotency_keys where expires_at <= now() order by expires_at limit ${CLEANUP_BATCH} for update skip locked
      ) returning 1
    )
    select (select count(*) from kept) as kept, (select count(*) from swept) as swept`,
      ),
    );
    return kept.map(() => true);
  },
  { max: 64 },
);

/** Lets the key go (the request failed on our side): a retry with it runs again. */
export async function releaseIdempotencyKey(ctx: DbCtx, owner: Owner): Promise<void> {
  const db = executor(ctx);
  await db.delete(idempotencyKeys).where(ownedBy(owner));
}

function ownedBy(owner: Owner) {
  return and(
    eq(idempotencyKeys.userId, owner.userId),
    eq(idempotencyKeys.key, owner.key),
    eq(idempotencyKeys.requestId, owner.requestId),
    sql`${idempotencyKeys.responseStatus} is null`,
  );
}
