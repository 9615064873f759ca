import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Which seed sets have been applied, so demo data is written once and later edits are kept. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});
