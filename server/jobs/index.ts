import type { JobDefinition } from "@/server/core/jobs";
import { wireFeatures } from "@/server/root";
import type { Gateways } from "@/server/payments";
import { completeCampaignsJob } from "./complete-campaigns";
import { reconcilePaymentsJob } from "./reconcile-payments";
import { releaseRewardsJob, reviewDeadlineJob } from "./earn";
import { youtubeAccountsFromEnv, type YoutubeAccounts } from "@/server/adapters/youtube-account";
import { payoutProvidersFromEnv, type PayoutProviders } from "@/server/adapters/payout-rails/registry";
import { smsSenderFromEnv, type SmsSender } from "@/server/adapters/sms";
import { payoutJobs } from "./payouts";
import { invitationJobs } from "./invitations";
import { notificationJobs } from "./notifications";
import { endBansJob } from "./people";
import { networkCountsJob } from "./network-counts";
import { guaranteeChecksJob } from "./guarantee";
import { monthlyBudgetsJob } from "./monthly-budgets";
import { webhooksJob } from "./webhooks";
import { youtubeFromEnv, type YoutubeApi } from "@/server/adapters/youtube";

/**
 * The adapters the jobs use; each defaults to what the environment configures. `youtube`: the boosters'
 * accounts (OAuth); `counters`: the API key's statistics (YOUTUBE_API_KEY).
 */
export type JobAdapters = {
  youtube?: YoutubeAccounts | null;
  counters?: YoutubeApi | null;
  payouts?: PayoutProviders;
  sms?: SmsSender;
};

/** Every background job of the app (started by server/root.ts). */
export function appJobs(gateways: Gateways, adapters: JobAdapters = {}): JobDefinition[] {
  wireFeatures();
  const youtube = adapters.youtube !== undefined ? adapters.youtube : youtubeAccountsFromEnv();
  const payouts = adapters.payouts ?? payoutProvidersFromEnv();
  const sms = adapters.sms ?? smsSenderFromEnv();
  const counters = adapters.counters !== undefined ? adapters.counters : youtubeFromEnv();
  return [
    completeCampaignsJob,
    reconcilePaymentsJob(gateways),
    reviewDeadlineJob,
    releaseRewardsJob(youtube),
    ...payoutJobs(payouts.rail, sms),
    ...invitationJobs(sms),
    ...notificationJobs(sms),
    endBansJob,
    networkCountsJob(counters),
    guaranteeChecksJob(youtube),
    monthlyBudgetsJob,
    webhooksJob,
  ];
}
