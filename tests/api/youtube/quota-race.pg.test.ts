import { describe, expect } from "vitest";
import { openDatabase } from "@/server/db/client";
import { quotaMeter, quotaToday, type QuotaConfig } from "@/server/youtube/quota";
import { apiTest as it } from "@/tests/api/support/fixture";

// PostgreSQL only (*.pg.test.ts): two instances' pools spending one day's YouTube quota at once.

describe("the day's YouTube quota across instances (PostgreSQL)", () => {
  it("two instances spending at once never pass the budget: 80 callers, 25 units for counters, 30 for first checks", async ({
    database,
  }) => {
    const other = await openDatabase({ url: process.env.TEST_DATABASE_URL!, maxConnections: 10 });
    try {
      const config: QuotaConfig = { quota: 30, reserve: 5, lowMode: "review" };
      const instances = [database, other];
      const spend = (i: number, kind: "counter" | "check") =>
        quotaMeter({ db: instances[i % 2]!.db }, kind, { config })
          .spend(1)
          .then(
            () => true,
            () => false,
          );
      const counters = await Promise.all(Array.from({ length: 40 }, (_, i) => spend(i, "counter")));
      expect(counters.filter(Boolean)).toHaveLength(25);
      const checks = await Promise.all(Array.from({ length: 40 }, (_, i) => spend(i, "check")));
      expect(checks.filter(Boolean)).toHaveLength(5);
      expect(await quotaToday({ db: other.db }, { config })).toMatchObject({
        used: { counter: 25, check: 5 },
        total: 30,
        refused: 50,
        left: 0,
        state: "low",
      });
    } finally {
      await other.close();
    }
  });
});
