import { appendFileSync } from "node:fs";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ZodType } from "zod";

/**
 * Every success the test caller (account-helpers.ts) receives is held to its route's contract: the
 * JSON schema the route declares for that status (apiRoute / the endpoint tables of lib/schemas,
 * as /api/openapi.json shows them), read from the running app's own OpenAPI registry. The answer
 * must parse, and must carry no field the schema does not name (zod drops unknown keys silently;
 * a client generated from the document would never see them). A mismatch fails the call with the
 * route, the status and zod's words.
 *
 * Nothing is skipped silently: a JSON success from a path no documented route matches, or from a
 * status the route documents without a JSON schema, is a mismatch too. The answers known not to
 * match are listed below, each with why; the check still runs on them, and a file where one no
 * longer differs fails (then the entry goes). CONTRACT_REPORT=<file> appends every mismatch (and every route checked,
 * as `checked METHOD /path`) there instead of failing, to list them all in one run.
 */

/** An OpenAPIHono app: what its routes declared is in its registry. */
type Registered = Pick<OpenAPIHono, "openAPIRegistry">;
type RouteDefinition = {
  method: string;
  path: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
};
type Contract = { method: string; template: string; segments: string[]; responses: RouteDefinition["responses"] };

/**
 * Known mismatches, by `METHOD /template status`, each with what differs. The check runs on them
 * too: an entry seen in a test file whose answers there all matched fails that file
 * (provoked-setup.ts, staleKnownMismatches), so the list only holds what still differs.
 */
export const KNOWN_MISMATCHES: Record<string, string> = {
  // The document itself: doc31 serves it, no route declares it (an OpenAPI document does not list
  // itself). Its shape is what tests/api/security/openapi-truth.test.ts reads.
  "GET /api/openapi.json 200": "no documented route answers this path",
};

const contracts = new WeakMap<object, Contract[]>();
/** Routes whose 2xx answers were checked in this file (METHOD /template). */
const checked = new Set<string>();
/** The known mismatches met in this file, and whether one of their answers still differed. */
const knownSeen = new Map<string, boolean>();

function contractsOf(app: Registered): Contract[] {
  let found = contracts.get(app);
  if (!found) {
    found = app.openAPIRegistry.definitions
      .filter((definition) => definition.type === "route")
      .map((definition) => {
        const route = (definition as unknown as { route: RouteDefinition }).route;
        return { method: route.method.toUpperCase(), template: route.path, segments: route.path.split("/"), responses: route.responses };
      });
    contracts.set(app, found);
  }
  return found;
}

/**
 * The route a request path (`/api/campaigns/1b…`) is answered by: the first one registered that
 * matches it with the method, as Hono tries them (a literal segment before a parameter).
 */
export function contractFor(app: Registered, method: string, path: string): Contract | undefined {
  const segments = path.replace(/^\/api(?=\/)/, "").split("/");
  return contractsOf(app).find(
    (contract) =>
      contract.method === method &&
      contract.segments.length === segments.length &&
      contract.segments.every((part, i) => /^\{\w+\}$/.test(part) || part === segments[i]),
  );
}

/** The JSON paths (`data.campaign.owner`) of the fields in `input` that zod's parse left out of `output`. */
function unnamedFields(input: unknown, output: unknown, at = ""): string[] {
  if (Array.isArray(input) && Array.isArray(output)) return input.flatMap((item, i) => unnamedFields(item, output[i], `${at}[${i}]`));
  if (!input || typeof input !== "object" || !output || typeof output !== "object" || Array.isArray(output)) return [];
  return Object.entries(input).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key;
    return key in output ? unnamedFields(value, (output as Record<string, unknown>)[key], path) : [path];
  });
}

/** What is wrong with a success's JSON body for its route, or null when it matches the contract. */
export function contractProblem(app: Registered, method: string, path: string, status: number, body: unknown) {
  const contract = contractFor(app, method, path);
  if (!contract) return { route: `${method} ${path}`, problem: "no documented route answers this path" };
  const route = `${method} ${contract.template}`;
  checked.add(route);
  const schema = contract.responses[String(status)]?.content?.["application/json"]?.schema as ZodType | undefined;
  if (!schema) return { route, problem: `${status} is not documented as a JSON answer` };
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
    return { route, problem: `${status} does not match its schema: ${issues.join("; ")}` };
  }
  const extra = unnamedFields(body, parsed.data);
  if (extra.length > 0) return { route, problem: `${status} carries fields its schema does not name: ${extra.join(", ")}` };
  return { route, problem: null };
}

/** Fails (throws) when a 2xx JSON answer does not match its route's contract; see the top of this file. */
export function expectContract(app: Registered, method: string, path: string, status: number, body: unknown): void {
  if (status < 200 || status >= 300) return;
  const { route, problem } = contractProblem(app, method, path, status, body);
  const key = `${route} ${status}`;
  const known = KNOWN_MISMATCHES[key];
  if (process.env.CONTRACT_REPORT) {
    appendFileSync(process.env.CONTRACT_REPORT, `checked ${route}\n${problem ? `${key}: ${problem}\n` : ""}`);
    return;
  }
  if (known) knownSeen.set(key, (knownSeen.get(key) ?? false) || problem !== null);
  else if (problem) throw new Error(`The answer does not match its contract (tests/api/support/contract.ts): ${key}\n  ${problem}`);
}

/** The known mismatches this file met whose answers all matched: the list should lose them. */
export function staleKnownMismatches(): string[] {
  return [...knownSeen].filter(([, differed]) => !differed).map(([key]) => key);
}

/** The routes whose 2xx answers were checked so far in this file. */
export function checkedRoutes(): readonly string[] {
  return [...checked];
}
