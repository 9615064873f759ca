import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["tests/unit/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          // Concurrency tests need PostgreSQL (PGlite has one connection): collected only when it is there.
          exclude: process.env.TEST_DATABASE_URL ? [] : ["tests/api/**/*.pg.test.ts"],
          environment: "node",
          // On PostgreSQL each worker has its own database (support/worker-database.ts): two files at a time.
          // On PGlite each file opens its own in memory; one at a time keeps the wasm instances' memory low.
          // After each file: every status it provoked is one /api/openapi.json lists for that operation (provoked-setup.ts).
          setupFiles: ["tests/api/support/worker-database.ts", "tests/api/support/provoked-setup.ts"],
          fileParallelism: Boolean(process.env.TEST_DATABASE_URL),
          maxWorkers: 2,
          hookTimeout: 60_000,
          // Real databases and password hashing: a test that takes 1 s on a quiet machine took over 5 s (Vitest's
          // default) while the 2-core machine also built the app, and its unfinished requests then ran into the next test.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
