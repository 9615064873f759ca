import { createServer } from "node:http";
import { createApiListener } from "./http/node-listener";
import { processRoot, startJobs } from "./core/root";

// The same core API without Next.js, for deployments that split web and API: `npm run api`.
const port = Number(process.env.API_PORT || 4000);
const host = process.env.API_HOST || "0.0.0.0";

await startJobs();
createServer(createApiListener({ gateways: processRoot().gateways })).listen(port, host, () => {
  console.log(`Takapoo core API on http://localhost:${port}/api (docs: /api/docs)`);
});
