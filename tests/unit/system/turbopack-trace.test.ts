import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Turbopack traces the files server code may read. A path built from the environment
// (path.resolve(process.env.DATA_DIR || ".data")) could be anything under the project, so the first
// build printed a 30-line "Dynamic filesystem access causes tracing of the whole project" warning and
// traced every source file into the server output. Such run-time paths carry
// /*turbopackIgnore: true*/, as Next.js documents; paths scoped to a fixed folder need nothing.

const root = path.resolve(__dirname, "../../..");
const BUNDLED = ["app", "components", "lib", "server", "stores"];
const TOP = ["proxy.ts", "instrumentation.ts", "instrumentation-client.ts"];

function sources(): string[] {
  const nested = BUNDLED.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.(ts|tsx)$/.test(name))
      .map((name) => path.join(dir, name)),
  );
  return [...nested, ...TOP];
}

/** path.resolve(…) / path.join(…) calls (first line of each) whose arguments read the environment. */
function unmarkedEnvironmentPaths(): string[] {
  const found: string[] = [];
  for (const file of sources()) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const match of text.matchAll(/\bpath\.(?:resolve|join)\(([^;]*?)\)\s*[;,)]/g)) {
      const args = match[1]!;
      // The environment is read through server/core/env.ts (env.NAME, rawEnv()) or process.env.
      if (/process\.env|\benv\.[A-Z_]+|rawEnv\(/.test(args) && !/turbopackIgnore:\s*true/.test(args))
        found.push(`${file}: ${match[0].split("\n")[0]}`);
    }
  }
  return found;
}

describe("paths the bundler must not trace", () => {
  it("every path built from the environment in bundled server code carries turbopackIgnore", () => {
    expect(unmarkedEnvironmentPaths()).toEqual([]);
  });

  it("the PGlite folder (DATA_DIR) is one of them", () => {
    const text = readFileSync(path.join(root, "server/db/index.ts"), "utf8");
    expect(text).toMatch(/path\.resolve\(\/\*turbopackIgnore: true\*\/ env\.DATA_DIR/);
  });
});
