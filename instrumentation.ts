import type { Instrumentation } from "next";

// Runs once when the server starts: error reporting (when SENTRY_DSN is set), then the database —
// migrations and demo data before the first request, so a broken database fails the start — then
// the background jobs (server/root.ts: once per process, so `npm start`, which starts them
// itself, runs one runner; `next dev` gets its jobs here).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { initErrorReporting } = await import("./server/adapters/error-reporting");
  await initErrorReporting();
  const { processRoot, startJobs } = await import("./server/root");
  await processRoot().database();
  await startJobs();
}

// Errors thrown while rendering pages (server components, route handlers) go to error reporting.
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (!process.env.SENTRY_DSN || process.env.NEXT_RUNTIME !== "nodejs") return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.captureRequestError(error, request, context);
};
