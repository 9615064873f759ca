import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { sharedDatabase } from "./db";

// The same core API without Next.js, for deployments that split web and API: `npm run api`.
const port = Number(process.env.API_PORT || process.env.PORT || 4000);
const peers = new WeakMap<Request, string>();
const app = createApp({ database: sharedDatabase, socketAddress: (request) => peers.get(request) ?? null });

serve(
  {
    fetch: (request, env) => {
      const address = env.incoming.socket.remoteAddress;
      if (address) peers.set(request, address);
      return app.fetch(request, env);
    },
    port,
    hostname: process.env.API_HOST || "0.0.0.0",
  },
  (info) => console.log(`Takapoo core API on http://localhost:${info.port}/api (docs: /api/docs)`),
);
