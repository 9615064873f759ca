// pgbench as the ceiling of a hot read: the statements one request of the endpoint runs (recorded by
// tests/bench/sql-capture.mjs in the API process), replayed by pgbench with the same parameters, as
// prepared statements (as the API sends them), at the same concurrency. One pgbench "transaction" is
// one request's statements run one after another; the API may run some of them side by side.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(os.tmpdir(), "takapoo-pgbench-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** The statements one request to `url` runs (a GET, or `init`'s method and body), in the order the API sent them. */
export async function captureStatements(url, headers, init = {}) {
  // Requests a load left behind finish first.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const file = path.join(dir, `capture-${++files}.json`);
  const response = await fetch(url, { ...init, headers: { ...headers, "x-bench-capture": file } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  await response.arrayBuffer();
  for (let i = 0; !existsSync(file); i++) {
    if (i > 100) throw new Error(`${url}: no statements recorded (is tests/bench/sql-capture.mjs preloaded?)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return JSON.parse(readFileSync(file, "utf8"));
}

/**
 * A pgbench script of the statements, their $n parameters as variables given with -D; a parameter
 * whose value is a key of `perClient` becomes that SQL expression instead (e.g. each client's own row,
 * by pgbench's :client_id), or, a function, the expression it makes of the parameter's own variable.
 */
export function pgbenchScript(statements, perClient = {}, preamble = []) {
  const defines = [];
  const lines = statements.map(({ text, params }, i) => {
    params.forEach((value, n) => defines.push(`q${i}p${n + 1}=${value ?? ""}`));
    const param = (n) => {
      const mapped = perClient[params[Number(n) - 1]];
      return typeof mapped === "function" ? `(${mapped(`:q${i}p${n}`)})` : (mapped ?? `:q${i}p${n}`);
    };
    return `${colonsOutOfLiterals(text)
      .replace(/\$(\d+)/g, (_, n) => param(n))
      .replace(/\s*\n\s*/g, " ")};`;
  });
  return { script: `${[...preamble, ...lines].join("\n")}\n`, defines };
}

/**
 * pgbench's prepared mode takes `:name` anywhere, inside a string literal too, for one of its variables:
 * a literal holding a colon (`':wallet'`) is spelled with chr(58) instead, the same text to PostgreSQL.
 */
export function colonsOutOfLiterals(text) {
  return text.replace(/'(?:[^']|'')*'/g, (literal) =>
    literal.includes(":") ? `(${literal.split(":").join("' || chr(58) || '")})` : literal,
  );
}

/** Runs the statements under pgbench for `seconds` (after `warmup` unmeasured) and returns its tps. */
export function pgbench({ pgArgs, database, statements, clients, seconds, warmup = 0, env = process.env, perClient = {}, preamble = [] }) {
  if (statements.some((s) => s.params.some((value) => value === null)))
    throw new Error("pgbench: a NULL parameter cannot be given with -D");
  if (statements.length === 0) throw new Error("pgbench: no statements");
  const { script, defines } = pgbenchScript(statements, perClient, preamble);
  const file = path.join(dir, `script-${++files}.sql`);
  writeFileSync(file, script);
  const args = (duration) => [
    ...pgArgs,
    "-n",
    "-M",
    "prepared",
    "-c",
    String(clients),
    "-j",
    String(Math.min(clients, os.cpus().length)),
    "-T",
    String(duration),
    "-f",
    file,
    ...defines.flatMap((define) => ["-D", define]),
    database,
  ];
  const run = (duration) => {
    const result = spawnSync("pgbench", args(duration), { encoding: "utf8", env });
    if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr || result.error}\n${script}`);
    return result.stdout;
  };
  if (warmup > 0) run(warmup);
  const out = run(seconds);
  const tps = out.match(/tps = ([\d.]+) \(without initial connection time\)/);
  const failed = out.match(/number of failed transactions: (\d+)/);
  if (!tps) throw new Error(`pgbench: no tps in\n${out}`);
  return { tps: Number(tps[1]), failed: failed ? Number(failed[1]) : 0, statements: statements.length };
}

/**
 * pgbench at one bench's settings (pgArgs, database, clients, seconds, warmup: those of the load it is compared
 * with): `replay(statements, { perClient, preamble })` runs a request's statements so.
 */
export const pgbenchAt =
  (settings) =>
  (statements, more = {}) =>
    pgbench({ ...settings, statements, ...more });
