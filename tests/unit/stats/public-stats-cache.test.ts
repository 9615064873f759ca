import { describe, expect, it } from "vitest";
import type { Db } from "@/server/db";
import { cachedStats, STATS_TTL_MS, type PublicStats } from "@/server/stats/public-stats";

const figures = (n: number): PublicStats => ({ campaigns_run: n, tasks_completed: n, boosters_paid: n, rials_paid_out: n });

describe("cached public stats", () => {
  it("counts once per minute per database, shared by concurrent callers, and forgets a failed count", async () => {
    let clock = 0;
    let counts = 0;
    let fail = false;
    const stats = cachedStats(
      async () => {
        counts++;
        if (fail) throw new Error("database down");
        return figures(counts);
      },
      () => clock,
    );
    const db = {} as Db;
    const [a, b] = await Promise.all([stats(db), stats(db)]);
    expect(a).toEqual(figures(1));
    expect(b).toBe(a);
    clock += STATS_TTL_MS - 1;
    expect(await stats(db)).toEqual(figures(1));
    clock += 1;
    fail = true;
    await expect(stats(db)).rejects.toThrow("database down");
    fail = false;
    expect(await stats(db)).toEqual(figures(3));
    expect(await stats({} as Db)).toEqual(figures(4));
  });
});
