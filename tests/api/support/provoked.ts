/**
 * What the API tests provoked: every answer given through the test caller (account-helpers.ts),
 * as method, request path and status. A test holds /api/openapi.json to it: each status an
 * operation answered must be one the document lists for that operation (its path template found by
 * matching the request path, a literal segment before a parameter).
 */

export type Provoked = { method: string; path: string; status: number; code?: string | undefined; fields?: string[] | undefined };

const provoked: Provoked[] = [];

export function recordProvoked(answer: Provoked): void {
  provoked.push(answer);
}

/** Every answer recorded so far in this test file. */
export function provokedAnswers(): readonly Provoked[] {
  return provoked;
}

type Operations = Record<string, { responses?: Record<string, unknown> }>;
export type OpenApiPaths = Record<string, Operations>;

/**
 * The document's path (`/api/campaigns/{id}`) a request path (`/api/campaigns/1b…`) is answered by:
 * the first that matches it with the request's method, in the document's order, which is the order
 * the routes were registered in and Hono tries them in (GET /api/payments/sandbox/callback is the
 * callback's, whose route comes before the sandbox's page).
 */
export function templateOf(paths: OpenApiPaths, method: string, path: string): string | null {
  const segments = path.split("/");
  for (const [template, operations] of Object.entries(paths)) {
    if (!operations[method.toLowerCase()]) continue;
    const parts = template.split("/");
    if (parts.length === segments.length && parts.every((part, i) => /^\{\w+\}$/.test(part) || part === segments[i])) return template;
  }
  return null;
}

/**
 * The 422s that name no field ("POST /api/x → 422 code"). Only a check of the booster's work on
 * YouTube (check_failed_*) answers 422 about something that is not a field of the request.
 */
export function unnamed422s(answers: readonly Provoked[]): string[] {
  const lines = answers
    .filter((answer) => answer.status === 422 && !answer.fields?.length && !answer.code?.startsWith("check_failed_"))
    .map((answer) => `${answer.method} ${answer.path} → 422 ${answer.code ?? ""}, naming no field`);
  return [...new Set(lines)].sort();
}

/** The answers whose status the document does not list for their operation, one line each ("POST /api/x → 409 code"). */
export function undocumented(paths: OpenApiPaths, answers: readonly Provoked[]): string[] {
  const lines = new Set<string>();
  for (const answer of answers) {
    // A 405 is the path's answer (no operation took the method), with Allow: no operation lists it.
    if (answer.status === 405) continue;
    const template = templateOf(paths, answer.method, answer.path);
    if (!template) continue;
    const responses = paths[template]![answer.method.toLowerCase()]!.responses ?? {};
    if (!(String(answer.status) in responses))
      lines.add(`${answer.method} ${template} → ${answer.status}${answer.code ? ` ${answer.code}` : ""}`);
  }
  return [...lines].sort();
}
