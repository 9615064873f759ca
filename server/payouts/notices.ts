import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { notificationPreferences, payoutEvents, payouts, users } from "@/server/db/schema";
import { SmsDeliveryError, type SmsSender } from "@/server/adapters/sms";
import { executor, type DbCtx } from "@/server/core/context";

/**
 * The booster's SMS when a payout is paid or the bank refuses it. The step's history line is the outbox:
 * written in the step's own transaction, sent after it committed, at most once: marked as taken before
 * it is sent, so two runs at once never both send it. A provider that cannot be reached unmarks it for
 * the next run; a message the provider refuses for good (no template, a number it does not serve) stays
 * marked, so one bad number does not hold the others back.
 */
export async function sendPayoutNotices(
  ctx: DbCtx,
  input: { sms: SmsSender; limit?: number },
): Promise<{ sent: number; refused: number; later: number; muted: number }> {
  const db = executor(ctx);
  const { sms, limit = 200 } = input;
  const due = await db
    .select({
      id: payoutEvents.id,
      status: payoutEvents.status,
      amount: payouts.amount,
      phone: users.phone,
      // The booster switched money SMS off (profile): marked, never sent.
      muted: sql<boolean>`coalesce('money' = any(${notificationPreferences.smsOff}), false)`,
    })
    .from(payoutEvents)
    .innerJoin(payouts, eq(payouts.id, payoutEvents.payoutId))
    .innerJoin(users, eq(users.id, payouts.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, payouts.userId))
    .where(and(isNull(payoutEvents.notifiedAt), inArray(payoutEvents.status, ["confirmed", "failed"])))
    .orderBy(asc(payoutEvents.createdAt))
    .limit(limit);
  const report = { sent: 0, refused: 0, later: 0, muted: 0 };
  const claim = (id: string, notifiedAt: Date | null) =>
    db
      .update(payoutEvents)
      .set({ notifiedAt })
      .where(and(eq(payoutEvents.id, id), notifiedAt ? isNull(payoutEvents.notifiedAt) : isNotNull(payoutEvents.notifiedAt)))
      .returning({ id: payoutEvents.id });
  for (const event of due) {
    // Taken before sending (another run may have read the same lines: a run taken as lost and
    // retried while it still works): only the run that marked it sends it.
    if ((await claim(event.id, new Date())).length === 0) continue;
    if (event.muted) report.muted += 1;
    else if (event.phone) {
      try {
        await sms.sendNotice({
          phone: event.phone,
          notice: { kind: event.status === "confirmed" ? "payout_confirmed" : "payout_failed", amount: event.amount },
        });
        report.sent += 1;
      } catch (error) {
        const forGood = error instanceof SmsDeliveryError && (error.reason === "rejected" || error.reason === "unsupported_phone");
        if (!forGood) {
          report.later += 1;
          await claim(event.id, null);
          continue;
        }
        console.warn(`[payouts] notice ${event.id} not sent: ${error.message}`);
        report.refused += 1;
      }
    }
  }
  return report;
}
