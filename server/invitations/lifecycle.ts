import { and, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import { type Tx, executor, type DbCtx, type TxCtx, type Ctx, withTransaction } from "@/server/core/context";
import { env } from "@/server/core/env";
import { AppError } from "@/server/core/errors";
import { invitations, smsOptOuts, users, type Invitation } from "@/server/db/schema";
import { notify } from "@/server/notifications";
import { systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { SmsDeliveryError, type SmsSender } from "@/server/adapters/sms";
import { cheapestPlanPrice } from "@/server/payouts";
import { configuredInvitationReward, REWARD_SETTING } from "@/server/payouts";
import { holdWhileBanned } from "@/server/people";

/**
 * Rials an inviter earns per friend who buys a first plan: the admins' setting, else
 * INVITATION_REWARD_RIALS — always below the cheapest plan on sale (the back office refuses a reward at
 * or above it, and a plan priced at or below the reward; an environment value that is not gets the
 * cheapest price less one Rial), so a friend made up to earn it costs more than it pays.
 */
export async function invitationReward(ctx: DbCtx): Promise<number> {
  const reward = await configuredInvitationReward(ctx);
  const cheapest = await cheapestPlanPrice(ctx);
  return cheapest === null ? reward : Math.min(reward, cheapest - 1);
}
export { REWARD_SETTING };

/**
 * Someone registered through an invitation's link (its code, whatever number they used) or registered
 * or verified an invited phone: that pending invitation → registered, and the inviter is told. One
 * invitation per person: the code's comes first, and nothing moves for someone already credited to an
 * inviter. An unknown or used code is passed over (the phone may still match), never an error.
 */
export async function invitationRegistered(
  ctx: DbCtx & { now?: Date },
  input: { user: { id: string; phone: string | null }; code?: string },
): Promise<void> {
  const tx = executor(ctx);
  const now = ctx.now ?? new Date();
  const { user, code } = input;
  const [credited] = await tx.select({ id: invitations.id }).from(invitations).where(eq(invitations.inviteeId, user.id)).limit(1);
  if (credited) return;
  const register = (match: SQL) =>
    tx
      .update(invitations)
      .set({ status: "registered", inviteeId: user.id, registeredAt: now })
      .where(and(match, eq(invitations.status, "pending")))
      .returning();
  let [row] = code ? await register(eq(invitations.code, code)) : [];
  if (!row && user.phone) [row] = await register(eq(invitations.phone, user.phone));
  if (row)
    await notify(ctx, {
      userId: row.inviterId,
      kind: "invitation_registered",
      dedupeKey: `invitation:${row.id}:registered`,
      params: { invitation_id: row.id, phone: row.phone, name: row.name },
    });
}

/** The invitee bought a plan: registered → paid, the reward due after the holding period (in the purchase's transaction). */
export async function invitationPaid(ctx: TxCtx & Pick<Ctx, "now">, input: { inviteeId: string }): Promise<void> {
  const tx = ctx.tx;
  const { now } = ctx;
  const { inviteeId } = input;
  await tx
    .update(invitations)
    .set({ status: "paid", paidAt: now, rewardDueAt: new Date(now.getTime() + env.INVITATION_REWARD_HOLD_DAYS * 86_400_000) })
    .where(and(eq(invitations.inviteeId, inviteeId), eq(invitations.status, "registered")));
}

/**
 * The reward job: each invitation whose holding period is over is paid once — the reward from the
 * promotions account into the inviter's earnings (intent reward, one idempotency key per invitation),
 * the status joined and the inviter told, in one transaction — once the friend's identity is verified
 * (until then it waits). No reward when the friend turns out to be the inviter (samePerson): it stays
 * paid, with the reason.
 */
export async function payInvitationRewards(ctx: DbCtx & Pick<Ctx, "now">): Promise<{ rewarded: number; refused: number }> {
  const db = executor(ctx);
  const { now } = ctx;
  // Only for friends whose identity is verified: a made-up friend has none to show (issue 30); the others wait.
  const due = await db
    .select({ id: invitations.id })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.inviteeId))
    .where(and(eq(invitations.status, "paid"), lte(invitations.rewardDueAt, now), eq(users.identityStatus, "identity_verified")))
    .orderBy(invitations.rewardDueAt)
    .limit(500);
  const reward = await invitationReward(ctx);
  const report = { rewarded: 0, refused: 0 };
  for (const { id } of due) {
    const outcome = await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      const [row] = await tx.select().from(invitations).where(eq(invitations.id, id)).for("update", { skipLocked: true });
      if (!row || row.status !== "paid" || !row.rewardDueAt || row.rewardDueAt > now) return null;
      const [friend] = await tx.select({ status: users.identityStatus }).from(users).where(eq(users.id, row.inviteeId!));
      if (friend?.status !== "identity_verified") return null;
      if (await samePerson(tx, row)) {
        await tx.update(invitations).set({ rewardDueAt: null, noRewardReason: "same_person" }).where(eq(invitations.id, id));
        return "refused" as const;
      }
      const paid =
        reward > 0
          ? await transfer(ctx, {
              idempotencyKey: `invitation:${id}:reward`,
              from: systemAccountCode("promotions"),
              to: userAccountCode(row.inviterId, "earnings"),
              amount: reward,
              intent: "reward",
              metadata: { invitation_id: id },
            })
          : null;
      if (paid) await holdWhileBanned(ctx, { userId: row.inviterId, kind: "earnings", amount: reward, key: `invitation:${id}:reward` });
      await tx
        .update(invitations)
        .set({ status: "joined", joinedAt: now, rewardTransferId: paid?.id ?? null })
        .where(eq(invitations.id, id));
      await notify(ctx, {
        userId: row.inviterId,
        kind: "invitation_rewarded",
        dedupeKey: `invitation:${id}:rewarded`,
        params: { invitation_id: id, amount: reward, phone: row.phone, name: row.name },
      });
      return "rewarded" as const;
    });
    if (outcome) report[outcome] += 1;
  }
  return report;
}

/**
 * Whether the friend is the inviter under another account, by what can be checked honestly: the same
 * national ID, or the same IBAN (the bank account their earnings would reach). A shared address is not
 * used: friends are often invited in person, on one network, and carriers put many people behind one
 * address; a YouTube channel is linked to one account at a time, so two accounts never share one.
 */
async function samePerson(tx: Tx, row: Invitation): Promise<boolean> {
  if (!row.inviteeId) return false;
  const inviter = sql`(select ${users.nationalId} as national_id, ${users.iban} as iban from ${users} where ${users.id} = ${row.inviterId})`;
  const [match] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, row.inviteeId),
        sql`exists (select 1 from ${inviter} as inviter where (${users.nationalId} is not null and ${users.nationalId} = inviter.national_id)
          or (${users.iban} is not null and upper(${users.iban}) = upper(inviter.iban)))`,
      ),
    );
  return Boolean(match);
}

/**
 * The invitation SMS (after the request's commit, and by the outbox job for what is left), at most
 * once: the provider's template with the code (nothing the inviter wrote); a phone that opted out
 * meanwhile is never texted (marked done). A refusal for good (a number the provider will not take)
 * is marked done too.
 */
export async function textInvitations(
  ctx: DbCtx,
  input: { sms: SmsSender; only?: string },
): Promise<{ sent: number; skipped: number; later: number }> {
  const db = executor(ctx);
  const { sms, only } = input;
  const rows = await db
    .select({ invitation: invitations, optedOut: smsOptOuts.phone })
    .from(invitations)
    .leftJoin(smsOptOuts, eq(smsOptOuts.phone, invitations.phone))
    .where(and(isNull(invitations.textedAt), only ? eq(invitations.id, only) : undefined))
    .orderBy(invitations.createdAt)
    .limit(50);
  const report = { sent: 0, skipped: 0, later: 0 };
  const outcome = (id: string, textOutcome: "opted_out" | "refused") =>
    db.update(invitations).set({ textOutcome }).where(eq(invitations.id, id));
  for (const row of rows) {
    // Taken before sending (the request's own send and the job may read it at once): only the one
    // that marked it texted sends it; a provider that cannot be reached puts it back for the next run.
    const [taken] = await db
      .update(invitations)
      .set({ textedAt: new Date(), textOutcome: "sent" })
      .where(and(eq(invitations.id, row.invitation.id), isNull(invitations.textedAt)))
      .returning({ id: invitations.id });
    if (!taken) continue;
    if (row.optedOut) {
      await outcome(row.invitation.id, "opted_out");
      report.skipped += 1;
      continue;
    }
    try {
      // The code only: the inviter's name is theirs to write, so it is shown on the invitation's page, never texted.
      await sms.sendNotice({ phone: row.invitation.phone, notice: { kind: "invitation", code: row.invitation.code } });
      report.sent += 1;
    } catch (error) {
      if (error instanceof SmsDeliveryError && (error.reason === "rejected" || error.reason === "unsupported_phone")) {
        await outcome(row.invitation.id, "refused");
        report.skipped += 1;
      } else {
        await db.update(invitations).set({ textedAt: null, textOutcome: null }).where(eq(invitations.id, row.invitation.id));
        report.later += 1;
      }
    }
  }
  return report;
}

/** The SMS's "stop" link: the phone is never texted again (idempotent; an unknown code is 404). */
export async function optOut(ctx: DbCtx, input: { code: string }): Promise<void> {
  const db = executor(ctx);
  const { code } = input;
  const [row] = await db.select({ phone: invitations.phone }).from(invitations).where(eq(invitations.code, code));
  if (!row) throw new AppError("invitation_not_found");
  await db.insert(smsOptOuts).values({ phone: row.phone }).onConflictDoNothing();
}
