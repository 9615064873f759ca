import { and, count, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { addressBucket } from "@/lib/geo/client-address";
import type { Db } from "@/server/db";
import { otpChallenges, otpSends, type OtpPurpose } from "@/server/db/schema";
import type { SmsSender } from "@/server/adapters/sms";
import { AppError } from "@/server/core/errors";
import { type Ctx, executor, type DbCtx, withTransaction } from "@/server/core/context";
import { hashToken, randomOtpCode, randomToken, sameDigest } from "@/server/auth/crypto";

/** DESIGN/issue constants: a code lives 2 minutes, may be resent after 120 s, survives 5 wrong tries. */
export const OTP_TTL_SECONDS = 120;
export const OTP_RESEND_AFTER_SECONDS = 120;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_PER_PHONE_PER_HOUR = 5;
export const OTP_MAX_PER_IP_PER_HOUR = 20;
/** After a correct code for a password reset, the new password must be set within this time. */
export const RESET_WINDOW_SECONDS = 10 * 60;

export type OtpChallenge = typeof otpChallenges.$inferSelect;

function codeHash(tokenHash: string, code: string): string {
  return hashToken(`${tokenHash}:${code}`);
}

/**
 * Counts this hour's codes for the phone and the address (an IPv6 address's /64: addressBucket)
 * under advisory locks (phone first, then address — one order everywhere), so parallel requests on
 * any number of instances cannot slip past the limit.
 */
async function reserveSend(tx: Pick<Db, "execute" | "select" | "insert">, phone: string, address: string): Promise<string> {
  const ip = addressBucket(address);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp-phone:${phone}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp-ip:${ip}`}))`);
  const since = new Date(Date.now() - 60 * 60 * 1000);
  const [byPhone] = await tx
    .select({ n: count() })
    .from(otpSends)
    .where(and(eq(otpSends.phone, phone), gt(otpSends.sentAt, since)));
  const [byIp] = await tx
    .select({ n: count() })
    .from(otpSends)
    .where(and(eq(otpSends.ip, ip), gt(otpSends.sentAt, since)));
  if ((byPhone?.n ?? 0) >= OTP_MAX_PER_PHONE_PER_HOUR || (byIp?.n ?? 0) >= OTP_MAX_PER_IP_PER_HOUR) throw new AppError("otp_limit");
  const [send] = await tx.insert(otpSends).values({ phone, ip }).returning({ id: otpSends.id });
  return send!.id;
}

async function deliver(db: Db, sms: SmsSender, sendId: string, input: Parameters<SmsSender["sendOtp"]>[0], undo: () => Promise<void>) {
  try {
    await sms.sendOtp(input);
  } catch (error) {
    // The provider's answer goes to the log (never the code); the person gets a translated 503.
    console.error(`[otp] SMS delivery failed: ${error instanceof Error ? error.message : String(error)}`);
    await db.delete(otpSends).where(eq(otpSends.id, sendId));
    await undo();
    throw new AppError("sms_unavailable");
  }
}

export type StartedOtp = { token: string; phone: string; expiresIn: number; resendIn: number };

/**
 * The context of a sign-in verb: the database, the caller's address (codes and guesses are counted
 * on it), the request's language with its translator (for a field's message), and the SMS sender.
 */
export type SignInCtx = Pick<Ctx, "db" | "locale"> & { ip: string; sms: SmsSender; translate: (key: string) => string };

/** Opens a code step and texts the code. */
export async function startOtp(
  ctx: Pick<SignInCtx, "db" | "sms" | "ip">,
  input: { purpose: OtpPurpose; phone: string; userId?: string | null; payload?: unknown },
): Promise<StartedOtp> {
  const { db, sms, ip } = ctx;
  const token = randomToken();
  const tokenHash = hashToken(token);
  const code = randomOtpCode();
  const { challengeId, sendId } = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const sendId = await reserveSend(tx, input.phone, ip);
    const [challenge] = await tx
      .insert(otpChallenges)
      .values({
        tokenHash,
        purpose: input.purpose,
        userId: input.userId ?? null,
        phone: input.phone,
        codeHash: codeHash(tokenHash, code),
        payload: input.payload ?? null,
        expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
      })
      .returning({ id: otpChallenges.id });
    return { challengeId: challenge!.id, sendId };
  });
  await deliver(db, sms, sendId, { phone: input.phone, code, purpose: input.purpose }, async () => {
    await db.delete(otpChallenges).where(eq(otpChallenges.id, challengeId));
  });
  return { token, phone: input.phone, expiresIn: OTP_TTL_SECONDS, resendIn: OTP_RESEND_AFTER_SECONDS };
}

async function findChallenge(db: Db, token: string): Promise<OtpChallenge> {
  const [challenge] = await db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.tokenHash, hashToken(token)));
  if (!challenge) throw new AppError("otp_not_found");
  return challenge;
}

/** Seconds until a new code may be requested (0 when now). */
export function secondsUntilResend(challenge: Pick<OtpChallenge, "lastSentAt">, now = Date.now()): number {
  return Math.max(0, Math.ceil((challenge.lastSentAt.getTime() + OTP_RESEND_AFTER_SECONDS * 1000 - now) / 1000));
}

/** The state of a code step for the page: which phone, how long until a resend. */
export async function describeOtp(ctx: DbCtx, input: { token: string }) {
  const db = executor(ctx);
  const { token } = input;
  const challenge = await findChallenge(db, token);
  if (challenge.consumedAt || challenge.verifiedAt) throw new AppError("otp_used");
  return { challenge, resendIn: secondsUntilResend(challenge) };
}

/**
 * Checks a code. Each try counts before the comparison, so the sixth try is refused even when it is
 * right; the try is compared with the code the counting update saw (a resend may have replaced the
 * one read first), and a right code is claimed with a conditional update on that same code, so of
 * any number of parallel correct tries exactly one succeeds and a replaced code never does.
 */
export async function verifyOtp({ db }: Pick<Ctx, "db">, input: { token: string; code: string }): Promise<OtpChallenge> {
  const challenge = await findChallenge(db, input.token);
  if (challenge.consumedAt || challenge.verifiedAt) throw new AppError("otp_used");
  if (challenge.expiresAt.getTime() <= Date.now()) throw new AppError("otp_expired");
  const [counted] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(and(eq(otpChallenges.id, challenge.id), sql`${otpChallenges.attempts} < ${OTP_MAX_ATTEMPTS}`))
    .returning({ codeHash: otpChallenges.codeHash });
  if (!counted) throw new AppError("otp_locked");
  if (!sameDigest(codeHash(challenge.tokenHash, input.code), counted.codeHash)) throw new AppError("otp_incorrect", {}, { code: null });
  const now = new Date();
  // A password reset keeps the step open (verified) until the new password arrives; others end here.
  const claim = challenge.purpose === "reset_password" ? { verifiedAt: now } : { consumedAt: now, verifiedAt: now };
  const [claimed] = await db
    .update(otpChallenges)
    .set(claim)
    .where(
      and(
        eq(otpChallenges.id, challenge.id),
        eq(otpChallenges.codeHash, counted.codeHash),
        isNull(otpChallenges.verifiedAt),
        isNull(otpChallenges.consumedAt),
      ),
    )
    .returning();
  if (claimed) return claimed;
  const [current] = await db.select({ codeHash: otpChallenges.codeHash }).from(otpChallenges).where(eq(otpChallenges.id, challenge.id));
  if (current && current.codeHash !== counted.codeHash) throw new AppError("otp_incorrect", {}, { code: null });
  throw new AppError("otp_used");
}

/** Sends a new code for the same step, once the 120-second countdown is over. */
export async function resendOtp(ctx: Pick<SignInCtx, "db" | "sms" | "ip">, input: { token: string }): Promise<StartedOtp> {
  const { db, sms, ip } = ctx;
  const challenge = await findChallenge(db, input.token);
  if (challenge.consumedAt || challenge.verifiedAt) throw new AppError("otp_finished");
  const wait = secondsUntilResend(challenge);
  if (wait > 0) throw new AppError("otp_resend_too_soon", { seconds: wait });
  const code = randomOtpCode();
  const previousSentAt = challenge.lastSentAt;
  const sendId = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const sendId = await reserveSend(tx, challenge.phone, ip);
    const now = new Date();
    const updated = await tx
      .update(otpChallenges)
      .set({
        codeHash: codeHash(challenge.tokenHash, code),
        attempts: 0,
        lastSentAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      })
      .where(
        and(
          eq(otpChallenges.id, challenge.id),
          isNull(otpChallenges.consumedAt),
          isNull(otpChallenges.verifiedAt),
          lte(otpChallenges.lastSentAt, new Date(now.getTime() - OTP_RESEND_AFTER_SECONDS * 1000)),
        ),
      )
      .returning({ id: otpChallenges.id });
    if (updated.length === 0) throw new AppError("otp_resend_too_soon", { seconds: OTP_RESEND_AFTER_SECONDS });
    return sendId;
  });
  await deliver(db, sms, sendId, { phone: challenge.phone, code, purpose: challenge.purpose }, async () => {
    // The code never arrived: let the person ask again at once.
    await db.update(otpChallenges).set({ lastSentAt: previousSentAt }).where(eq(otpChallenges.id, challenge.id));
  });
  return { token: input.token, phone: challenge.phone, expiresIn: OTP_TTL_SECONDS, resendIn: OTP_RESEND_AFTER_SECONDS };
}

/** Ends a verified password-reset step, exactly once and only within its window. */
export async function consumeVerifiedReset(ctx: DbCtx, input: { token: string }): Promise<OtpChallenge | null> {
  const db = executor(ctx);
  const { token } = input;
  const [row] = await db
    .update(otpChallenges)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(otpChallenges.tokenHash, hashToken(token)),
        eq(otpChallenges.purpose, "reset_password"),
        isNull(otpChallenges.consumedAt),
        gt(otpChallenges.verifiedAt, new Date(Date.now() - RESET_WINDOW_SECONDS * 1000)),
      ),
    )
    .returning();
  return row ?? null;
}
