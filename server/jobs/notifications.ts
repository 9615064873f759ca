import type { JobDefinition } from "@/server/core/jobs";
import type { SmsSender } from "@/server/adapters/sms";
import { sendNotificationSms } from "@/server/notifications";

/** The notifications' SMS outbox (identity decided, a plan ending), every minute. */
export function notificationJobs(sms: SmsSender): JobDefinition[] {
  return [{ name: "notification-sms", cron: "* * * * *", run: ({ db }) => sendNotificationSms({ db }, { sms }) }];
}
