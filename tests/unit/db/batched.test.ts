import { describe, expect, it } from "vitest";
import type { Db } from "@/server/db";
import { batchedPerDatabase } from "@/server/db/batched";

// server/db/batched.ts: the calls of one turn go as one statement, each answered with its own result.
const db = {} as Db;
const otherDb = {} as Db;
const turn = () => new Promise((resolve) => setImmediate(resolve));

function recording<I, R>(answer: (items: I[]) => (R | null)[] | Promise<(R | null)[]>, max = 100, exclusiveKey?: (item: I) => string) {
  const batches: I[][] = [];
  const load = batchedPerDatabase<I, R>(
    async (_db, items) => {
      batches.push(items);
      return answer(items);
    },
    { max, exclusiveKey },
  );
  return { batches, load };
}

describe("batchedPerDatabase", () => {
  it("sends the calls of one turn together and answers each with its own result", async () => {
    const { batches, load } = recording<number, string>((items) => items.map((n) => (n % 2 ? `odd ${n}` : null)));
    const answers = await Promise.all([1, 2, 3, 4].map((n) => load(db, n)));
    expect(answers).toEqual(["odd 1", null, "odd 3", null]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
    await load(db, 5);
    expect(batches).toEqual([[1, 2, 3, 4], [5]]);
  });

  it("keeps each database's calls apart and carries at most `max` per statement", async () => {
    const { batches, load } = recording<number, number>((items) => items, 2);
    await Promise.all([load(db, 1), load(otherDb, 2), load(db, 3), load(db, 4), load(db, 5)]);
    expect(batches).toEqual([[1, 3], [2], [4, 5]]);
  });

  it("sends calls with the same exclusive key one after the other, in order", async () => {
    const log: string[] = [];
    const { batches, load } = recording<string, string>(
      async (items) => {
        log.push(`start ${items.join(",")}`);
        await turn();
        log.push(`end ${items.join(",")}`);
        return items;
      },
      100,
      (item) => item[0]!,
    );
    await Promise.all(["a1", "b1", "a2", "a3"].map((item) => load(db, item)));
    expect(batches).toEqual([["a1", "b1"], ["a2"], ["a3"]]);
    expect(log.indexOf("end a1,b1")).toBeLessThan(log.indexOf("start a2"));
  });

  it("fails every call of a batch whose statement fails, thrown or rejected, and goes on afterwards", async () => {
    let mode: "reject" | "throw" | "ok" = "reject";
    const load = batchedPerDatabase<number, number>(
      (_db, items) => {
        if (mode === "throw") throw new Error("thrown");
        return mode === "reject" ? Promise.reject(new Error("rejected")) : Promise.resolve(items);
      },
      { max: 10 },
    );
    const rejected = await Promise.allSettled([load(db, 1), load(db, 2)]);
    expect(rejected.map((r) => r.status === "rejected" && (r.reason as Error).message)).toEqual(["rejected", "rejected"]);
    mode = "throw";
    const thrown = await Promise.allSettled([load(db, 3), load(db, 4)]);
    expect(thrown.map((r) => r.status === "rejected" && (r.reason as Error).message)).toEqual(["thrown", "thrown"]);
    mode = "ok";
    expect(await load(db, 5)).toBe(5);
  });
});
