import { and, count, eq, gt, sql } from "drizzle-orm";
import { addressBucket } from "@/lib/geo/client-address";
import type { Credential } from "@/lib/schemas/auth";
import { loginFailures } from "@/server/db/schema";
import { AppError } from "@/server/core/errors";
import { executor, type DbCtx, withTransaction } from "@/server/core/context";

/** Password checks allowed per account, and per address, within the window before 429. */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURES_PER_IP = 50;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

export function accountKey(credential: Credential): string {
  return credential.kind === "phone" ? `phone:${credential.phone}` : `email:${credential.email}`;
}

/**
 * Reserves one password check for this account and this address (an IPv6 address's /64:
 * addressBucket), or answers 429 (also for accounts that do not exist). The attempt is counted and
 * recorded in one transaction under advisory locks (account first, then address — one order
 * everywhere), before the password is looked at: however many guesses arrive at once, on however many instances, at most
 * LOGIN_FAILURES_PER_ACCOUNT (and LOGIN_FAILURES_PER_IP) of them are ever checked in the window.
 * The reservation stays as a failure unless releaseLoginAttempt drops it (the password was right).
 */
export async function reserveLoginAttempt(ctx: DbCtx, input: { key: string; address: string }): Promise<string> {
  const { key, address } = input;
  const ip = addressBucket(address);
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-account:${key}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);
    const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
    const [byAccount] = await tx
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.accountKey, key), gt(loginFailures.failedAt, since)));
    const [byIp] = await tx
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.failedAt, since)));
    if ((byAccount?.n ?? 0) >= LOGIN_FAILURES_PER_ACCOUNT || (byIp?.n ?? 0) >= LOGIN_FAILURES_PER_IP) throw new AppError("rate_limited");
    const [attempt] = await tx.insert(loginFailures).values({ accountKey: key, ip }).returning({ id: loginFailures.id });
    return attempt!.id;
  });
}

/** The reserved check found the right password: it is not a failure. */
export async function releaseLoginAttempt(ctx: DbCtx, input: { attemptId: string }): Promise<void> {
  const db = executor(ctx);
  const { attemptId } = input;
  await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
}

/**
 * One password check within the account's and the address's budget: reserved first (429 when
 * spent), kept as a failure when wrong, dropped when right. The account key of a known user is
 * `user:<id>`, so every place that checks its password (login, a password change) shares one budget.
 */
export async function countedPasswordCheck(
  ctx: DbCtx,
  input: { key: string; ip: string; check: () => Promise<boolean> },
): Promise<boolean> {
  const { key, ip, check } = input;
  const attempt = await reserveLoginAttempt(ctx, { key, address: ip });
  const right = await check();
  if (right) await releaseLoginAttempt(ctx, { attemptId: attempt });
  return right;
}
