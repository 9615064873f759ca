import type { JobDefinition } from "@/server/core/jobs";
import type { SmsSender } from "@/server/adapters/sms";
import { payInvitationRewards, textInvitations } from "@/server/invitations";

/** The invitations' SMS outbox (every minute) and their rewards once the holding period is over (every 15 minutes). */
export function invitationJobs(sms: SmsSender): JobDefinition[] {
  return [
    { name: "invitation-texts", cron: "* * * * *", run: ({ db }) => textInvitations({ db }, { sms }) },
    { name: "invitation-rewards", cron: "*/15 * * * *", run: ({ db, now }) => payInvitationRewards({ db, now: now() }) },
  ];
}
