import { createServer } from "node:http";
import { createApiListener } from "./http/node-listener";
import { processRoot, startJobs, stopJobs } from "./root";
import { env } from "@/server/core/env";

// The same core API without Next.js, for deployments that split web and API: `npm run api`.
const port = env.API_PORT;
const host = env.API_HOST;

await startJobs();
const server = createServer(createApiListener({ gateways: processRoot().gateways }, { ownProcess: true })).listen(port, host, () => {
  console.log(`Takapoo core API on http://localhost:${port}/api (docs: /api/docs)`);
});

// Stopped as server/web.ts is: a job run under way finishes, open requests are answered (5 s at most).
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void stopJobs();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
