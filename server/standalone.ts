import { createServer } from "node:http";
import { createApiListener } from "./http/node-listener";
import { sharedDatabase } from "./db";
import { defaultGateways } from "./adapters/payments/default";
import { startReconcileJob } from "./jobs/reconcile-payments";
import { startCampaignCompletionJob } from "./jobs/complete-campaigns";

// The same core API without Next.js, for deployments that split web and API: `npm run api`.
const port = Number(process.env.API_PORT || 4000);
const host = process.env.API_HOST || "0.0.0.0";

const gateways = defaultGateways(sharedDatabase);
startReconcileJob(sharedDatabase, gateways);
startCampaignCompletionJob(sharedDatabase);
createServer(createApiListener({ gateways })).listen(port, host, () => {
  console.log(`Takapoo core API on http://localhost:${port}/api (docs: /api/docs)`);
});
