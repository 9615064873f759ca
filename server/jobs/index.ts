import type { JobDefinition } from "@/server/core/jobs";
import type { Gateways } from "@/server/payments/gateways";
import { completeCampaignsJob } from "./complete-campaigns";
import { reconcilePaymentsJob } from "./reconcile-payments";
import { releaseRewardsJob, reviewDeadlineJob } from "./earn";
import { youtubeAccountsFromEnv, type YoutubeAccounts } from "@/server/adapters/youtube-account";

/** Every background job of the app (started by server/core/root.ts). */
export function appJobs(gateways: Gateways, youtube: YoutubeAccounts | null = youtubeAccountsFromEnv()): JobDefinition[] {
  return [completeCampaignsJob, reconcilePaymentsJob(gateways), reviewDeadlineJob, releaseRewardsJob(youtube)];
}
