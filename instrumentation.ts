// Runs once when the server starts: open the database, apply migrations and seed demo data before
// the first request, so a broken database fails the start instead of the first visitor.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { sharedDatabase } = await import("./server/db");
  await sharedDatabase();
}
