import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { withTransaction, type TxCtx, type ActorCtx, type UserCtx, type Ctx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { ledgerAccounts, ledgerTransfers, userBans, users, type UserBan } from "@/server/db/schema";
import { recordAudit } from "@/server/audit";
import { revokeAllSessions } from "@/server/auth";
import { transfer, userAccountCode } from "@/server/ledger";
import { banInForce } from "@/server/auth";

/**
 * Banning (issue 18). In one transaction: the user's row locked (a sign-in racing the ban waits
 * for it — openSession reads the ban under a share lock), the ban written, every session ended, what
 * the user could spend or withdraw moved into their frozen account by ledger transfers that carry
 * the reason (never a silent loss), and the audit row. Lifting gives back exactly what was held.
 */
export async function banUser(ctx: UserCtx, input: { userId: string; reason: string; expiresAt: Date }): Promise<UserBan> {
  return withTransaction(ctx, async (ctx) => {
    const { tx, actor, ip } = ctx;
    const [target] = await tx.select().from(users).where(eq(users.id, input.userId)).for("update");
    if (!target) throw new AppError("not_found");
    if (target.role === "admin") throw new AppError("cannot_ban_admin");
    const [current] = await tx
      .select()
      .from(userBans)
      .where(and(eq(userBans.userId, target.id), isNull(userBans.liftedAt)));
    if (current && current.expiresAt > new Date()) throw new AppError("user_already_banned");
    if (current) await lift(ctx, current, { actorId: null, ip: null, expired: true });
    await revokeAllSessions(ctx, { userId: target.id, reason: "banned" });
    // The ban's id names its transfers, so it is chosen first and the ban written once, with what it held.
    const id = randomUUID();
    const held = await holdBalances(ctx, { id, userId: target.id, reason: input.reason });
    const [ban] = await tx
      .insert(userBans)
      .values({
        id,
        userId: target.id,
        reason: input.reason,
        expiresAt: input.expiresAt,
        bannedBy: actor.id,
        heldWallet: held.wallet,
        heldEarnings: held.earnings,
      })
      .returning();
    if (!ban) throw new Error("ban not written");
    await recordAudit(ctx, {
      actorId: actor.id,
      action: "user.banned",
      targetType: "user",
      targetId: target.id,
      details: {
        reason: input.reason,
        expires_at: input.expiresAt.toISOString(),
        held_wallet: held.wallet,
        held_earnings: held.earnings,
      },
      ip,
    });
    return ban;
  });
}

/** An admin lifts the ban in force: 409 user_not_banned when there is none. */
export async function unbanUser(ctx: UserCtx, input: { userId: string }): Promise<void> {
  const { userId } = input;
  await withTransaction(ctx, async (ctx) => {
    const { tx, actor, ip } = ctx;
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!target) throw new AppError("not_found");
    const [ban] = await tx.select().from(userBans).where(banInForce(userId));
    if (!ban) throw new AppError("user_not_banned");
    await lift(ctx, ban, { actorId: actor.id, ip: ip ?? null, expired: false });
  });
}

/** The end-bans job: every ban past its expiry is lifted and what it held given back, a hundred at a time. */
export async function liftExpiredBans(ctx: Pick<ActorCtx, "db"> & Pick<Ctx, "now">): Promise<number> {
  const { now } = ctx;
  const due = await ctx.db
    .select({ id: userBans.id, userId: userBans.userId })
    .from(userBans)
    .where(and(isNull(userBans.liftedAt), lte(userBans.expiresAt, now)))
    .orderBy(asc(userBans.expiresAt))
    .limit(100);
  let lifted = 0;
  for (const { id, userId } of due) {
    const done = await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      const [ban] = await tx
        .select()
        .from(userBans)
        .where(and(eq(userBans.id, id), isNull(userBans.liftedAt), lte(userBans.expiresAt, now)));
      if (!ban) return false;
      await lift(ctx, ban, { actorId: null, ip: null, expired: true });
      return true;
    });
    if (done) lifted += 1;
  }
  return lifted;
}

/**
 * Money that reaches a banned person's wallet or earnings while the ban is in force — a payout denied
 * or failed (its hold voided), a reward released, an invitation's reward, a refund, a payment settling
 * late — joins what the ban holds: moved on to their frozen account in the same transaction and added
 * to the ban's figures, so the unban gives it back with the rest (issue 30: a denied payout went back
 * to withdrawable earnings while the person stayed banned). Answers whether it held anything.
 */
export async function holdWhileBanned(
  ctx: TxCtx,
  input: { userId: string; kind: "wallet" | "earnings"; amount: number; key: string },
): Promise<boolean> {
  const tx = ctx.tx;
  if (input.amount <= 0) return false;
  const [ban] = await tx.select().from(userBans).where(banInForce(input.userId)).for("update");
  if (!ban) return false;
  // Once per key (the ban's row lock orders two holds of one person): a retried step adds nothing.
  const key = `ban:${ban.id}:hold:${input.key}`;
  const [done] = await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key));
  if (done) return false;
  await transfer(ctx, {
    idempotencyKey: key,
    from: userAccountCode(input.userId, input.kind),
    to: userAccountCode(input.userId, "frozen"),
    amount: input.amount,
    intent: "ban_hold",
    metadata: { ban_id: ban.id, reason: ban.reason, from: input.kind, cause: input.key },
  });
  await tx
    .update(userBans)
    .set(
      input.kind === "wallet"
        ? { heldWallet: sql`${userBans.heldWallet} + ${input.amount}` }
        : { heldEarnings: sql`${userBans.heldEarnings} + ${input.amount}` },
    )
    .where(eq(userBans.id, ban.id));
  return true;
}

async function holdBalances(ctx: TxCtx, ban: Pick<UserBan, "id" | "userId" | "reason">): Promise<{ wallet: number; earnings: number }> {
  const { tx } = ctx;
  const wallet = userAccountCode(ban.userId, "wallet");
  const earnings = userAccountCode(ban.userId, "earnings");
  const rows = await tx
    .select({
      code: ledgerAccounts.code,
      available: sql<number>`${ledgerAccounts.balance} - ${ledgerAccounts.pendingDebits}`.mapWith(Number),
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, [wallet, earnings]))
    .orderBy(asc(ledgerAccounts.id))
    .for("update");
  const held = { wallet: 0, earnings: 0 };
  for (const row of rows) {
    if (row.available <= 0) continue;
    const kind = row.code === wallet ? "wallet" : "earnings";
    await transfer(ctx, {
      idempotencyKey: `ban:${ban.id}:hold:${kind}`,
      from: row.code,
      to: userAccountCode(ban.userId, "frozen"),
      amount: row.available,
      intent: "ban_hold",
      metadata: { ban_id: ban.id, reason: ban.reason, from: kind },
    });
    held[kind] = row.available;
  }
  return held;
}

async function lift(ctx: TxCtx, ban: UserBan, by: { actorId: string | null; ip: string | null; expired: boolean }): Promise<void> {
  const { tx } = ctx;
  await tx.update(userBans).set({ liftedAt: new Date(), liftedBy: by.actorId }).where(eq(userBans.id, ban.id));
  for (const kind of ["wallet", "earnings"] as const) {
    const amount = kind === "wallet" ? ban.heldWallet : ban.heldEarnings;
    if (amount <= 0) continue;
    await transfer(ctx, {
      idempotencyKey: `ban:${ban.id}:release:${kind}`,
      from: userAccountCode(ban.userId, "frozen"),
      to: userAccountCode(ban.userId, kind),
      amount,
      intent: "ban_release",
      metadata: { ban_id: ban.id, reason: by.expired ? "expired" : "lifted" },
    });
  }
  await recordAudit(ctx, {
    actorId: by.actorId,
    action: by.expired ? "user.ban_expired" : "user.unbanned",
    targetType: "user",
    targetId: ban.userId,
    details: { ban_id: ban.id, released_wallet: ban.heldWallet, released_earnings: ban.heldEarnings },
    ip: by.ip,
  });
}
