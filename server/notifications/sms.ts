import { and, asc, eq } from "drizzle-orm";
import { notifications, users } from "@/server/db/schema";
import { SmsDeliveryError, type SmsNotice, type SmsSender } from "@/server/adapters/sms";
import { executor, type DbCtx } from "@/server/core/context";

const jalali = new Intl.DateTimeFormat("fa-IR-u-ca-persian-nu-latn", {
  timeZone: "Asia/Tehran",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** A notification as its SMS (the kinds in lib/notifications/categories.ts smsKinds). */
function noticeOf(row: { kind: string; params: Record<string, string | number | null>; createdAt: Date }): SmsNotice | null {
  // The day of the decision, never the person's name: a text carries only values we make (adapters/sms.ts).
  if (row.kind === "identity_approved" || row.kind === "identity_rejected") return { kind: row.kind, date: jalali.format(row.createdAt) };
  if (row.kind === "membership_expiring" && typeof row.params.ends_at === "string")
    return { kind: "membership_expiring", date: jalali.format(new Date(row.params.ends_at)) };
  return null;
}

/**
 * The SMS of what must not be missed (identity decided, a plan ending): the notification row is the
 * outbox — queued as pending in the change's own transaction unless the user switched that SMS off,
 * sent after commit by the notification-sms job, at most once: the row is taken (pending → sent) before
 * sending, so two runs at once never both send it; refused for good, it is marked so; a provider that
 * cannot be reached puts it back to pending for the next run.
 */
export async function sendNotificationSms(
  ctx: DbCtx,
  input: { sms: SmsSender; limit?: number },
): Promise<{ sent: number; refused: number; later: number }> {
  const db = executor(ctx);
  const { sms, limit = 100 } = input;
  const due = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      params: notifications.params,
      phone: users.phone,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.smsState, "pending"))
    .orderBy(asc(notifications.createdAt))
    .limit(limit);
  const report = { sent: 0, refused: 0, later: 0 };
  const mark = (id: string, from: "pending" | "sent", to: "pending" | "sent" | "refused") =>
    db
      .update(notifications)
      .set({ smsState: to })
      .where(and(eq(notifications.id, id), eq(notifications.smsState, from)))
      .returning({ id: notifications.id });
  for (const row of due) {
    // Taken before sending (another run may have read the same rows: a run taken as lost and
    // retried while it still works): only the run that moved it from pending sends it.
    if ((await mark(row.id, "pending", "sent")).length === 0) continue;
    const notice = noticeOf(row);
    let state: "sent" | "refused" = "refused";
    if (notice && row.phone) {
      try {
        await sms.sendNotice({ phone: row.phone, notice });
        state = "sent";
      } catch (error) {
        if (!(error instanceof SmsDeliveryError && (error.reason === "rejected" || error.reason === "unsupported_phone"))) {
          report.later += 1;
          await mark(row.id, "sent", "pending");
          continue;
        }
      }
    }
    report[state] += 1;
    if (state === "refused") await mark(row.id, "sent", "refused");
  }
  return report;
}
