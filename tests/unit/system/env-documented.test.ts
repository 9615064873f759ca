import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every environment variable the code reads must be listed in docs/configuration.md's "Environment"
// table: a setting nobody can find is a setting nobody sets (issue 14: the contact page's CONTACT_*
// were read but never documented, so a fresh install showed no way to reach anyone). The table left
// README.md for docs/configuration.md in issue 31; the README links to it.

const root = path.resolve(__dirname, "../../..");
const SOURCES = [
  "app",
  "components",
  "lib",
  "server",
  "stores",
  "proxy.ts",
  "next.config.ts",
  "instrumentation.ts",
  "instrumentation-client.ts",
  "scripts",
];
const EXTENSIONS = /\.(ts|tsx|mjs|js)$/;

/** Set by Node.js or Next.js themselves, never by whoever runs the app. */
const PLATFORM = new Set([
  "NODE_ENV", // set by next build / next start / next dev
  "NEXT_RUNTIME", // "nodejs" or "edge", set by Next.js
  "NEXT_PHASE", // the phase Next.js is in (build, server)
  "NEXT_PUBLIC_BUILD_ID", // set by next.config.ts from BUILD_ID
]);

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return EXTENSIONS.test(full) ? [full] : [];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(full, name))
    .filter((name) => EXTENSIONS.test(name) && !name.includes(`${path.sep}migrations${path.sep}`) && statSync(name).isFile());
}

const NAME = "[A-Z][A-Z0-9_]*";
const READS = [
  // process.env.X, process.env?.X, env.X, env?.X
  new RegExp(`\\benv\\??\\.(${NAME})\\b`, "g"),
  // process.env["X"], env["X"]
  new RegExp(`\\benv\\[["'\`](${NAME})["'\`]\\]`, "g"),
  // read("X"), value("X"), envValue(env, "X"), readUrl("X", …): helpers that look a name up in the environment
  new RegExp(`\\b(?:read|value|envValue|env)\\w*\\((?:env,\\s*)?["'](${NAME})["']`, "g"),
];
// lists of names handed to the payments' reader: group(read, "Stripe", ["STRIPE_SECRET_KEY", …], […])
const GROUPS = /\bgroup\(read,[^)]*\)/g;

/** Variables the code reads, each with the first file that reads it. */
export function variablesRead(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of SOURCES.flatMap(files)) {
    const text = readFileSync(file, "utf8");
    const names = [
      ...READS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!)),
      ...[...text.matchAll(GROUPS)].flatMap(([call]) => [...call.matchAll(new RegExp(`"(${NAME})"`, "g"))].map((match) => match[1]!)),
    ];
    for (const name of names) if (!found.has(name)) found.set(name, path.relative(root, file));
  }
  return found;
}

const CONFIGURATION = "docs/configuration.md";

/** Every `NAME` written in the configuration's environment table (any column: "also `GOOGLE_USERINFO_URL`"). */
export function variablesDocumented(): Set<string> {
  const text = readFileSync(path.join(root, CONFIGURATION), "utf8");
  const start = text.indexOf("\n## Environment\n");
  expect(start, `${CONFIGURATION} has an '## Environment' section`).toBeGreaterThan(-1);
  const next = text.indexOf("\n## ", start + 1);
  const section = text.slice(start + 1, next === -1 ? undefined : next);
  const rows = section.split("\n").filter((line) => line.startsWith("|"));
  return new Set(rows.flatMap((row) => [...row.matchAll(/`([A-Z][A-Z0-9_]*)(?:=[^`]*)?`/g)].map((match) => match[1]!)));
}

describe("environment variables", () => {
  it("every variable the code reads is in docs/configuration.md's environment table", () => {
    const documented = variablesDocumented();
    const missing = [...variablesRead()]
      .filter(([name]) => !documented.has(name) && !PLATFORM.has(name))
      .map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it("finds the reads it is meant to find (the scan itself works)", () => {
    const read = variablesRead();
    for (const name of [
      "DATABASE_URL",
      "CONTACT_EMAIL",
      "GOOGLE_JWKS_URL",
      "S3_BUCKET",
      "STRIPE_SECRET_KEY",
      "PAYMENTS_SANDBOX",
      "SENTRY_DSN",
    ]) {
      expect(read.has(name), name).toBe(true);
    }
  });
});
