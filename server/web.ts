import { createServer } from "node:http";
import next from "next";
import { createApiListener } from "./http/node-listener";
import { processRoot, startJobs, stopJobs } from "./root";
import { RenderedPageCache } from "./http/rendered-page-cache";
import { documentPolicy } from "./http/security-headers";
import { pageHandler } from "./http/page-server";
import { onPageInvalidated } from "@/server/pages";
import { env } from "@/server/core/env";

/**
 * The production server (`npm start`): /api goes straight to the core API (Hono), everything else
 * to Next.js. A Next.js route handler costs about a millisecond of CPU per request before our code
 * runs; the API's hot endpoints answer in a fraction of that on their own. The catch-all route
 * handler (app/api/[[...route]]/route.ts) still mounts the same app for `next dev`.
 */
const port = env.PORT;
const web = next({ dev: false, dir: process.cwd(), port });
// One set of gateways for the API and the job that reconciles their pending payments (server/root.ts).
const api = createApiListener({ gateways: processRoot().gateways });
await startJobs();

await web.prepare();
const handle = web.getRequestHandler();

const isApi = (url: string | undefined) => url === "/api" || Boolean(url?.startsWith("/api/")) || Boolean(url?.startsWith("/api?"));

// Public pages (landing, contact, content pages) are answered from memory after their first render.
const pages = new RenderedPageCache();
// An admin's edit of a content page (server/pages/save-page.ts) drops its rendered copies too.
onPageInvalidated((slug) => pages.dropContentPage(slug));

// Every HTML document Next.js sends carries a Content-Security-Policy allowing its own inline scripts
// by hash (pages are static, so no nonce); the cache keeps it with the page, computed once per fill.
const page = pageHandler({ cache: pages, policy: documentPolicy(), next: (req, res) => void handle(req, res) });

const server = createServer((req, res) => {
  if (isApi(req.url)) void api(req, res);
  else page(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(port, () => console.log(`Takapoo on http://localhost:${port} (API docs: /api/docs)`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void stopJobs();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
