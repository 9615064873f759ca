import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** scripts/test.sh runs these API files on PGlite as well as PostgreSQL: a path that moved would silently drop out. */
describe("tests/api/pglite.txt", () => {
  it("names only API test files that exist, each once", () => {
    const paths = readFileSync("tests/api/pglite.txt", "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !existsSync(path) || !/^tests\/api\/.+\.test\.ts$/.test(path) || path.endsWith(".pg.test.ts"))).toEqual(
      [],
    );
    expect(new Set(paths).size).toBe(paths.length);
  });
});
