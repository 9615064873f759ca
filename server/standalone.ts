import { createServer } from "node:http";
import { createApiListener } from "./http/node-listener";
import { processRoot, startJobs } from "./core/root";
import { env } from "@/server/core/env";

// The same core API without Next.js, for deployments that split web and API: `npm run api`.
const port = env.API_PORT;
const host = env.API_HOST;

await startJobs();
createServer(createApiListener({ gateways: processRoot().gateways })).listen(port, host, () => {
  console.log(`Takapoo core API on http://localhost:${port}/api (docs: /api/docs)`);
});
