import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { vi } from "vitest";

/**
 * The one stand-in for the network in component tests: msw intercepts every fetch the API client makes.
 * Started and reset in tests/unit/setup.ts; a test gives its answers with answerWith().
 */
export const server = setupServer();

/** A request no test answered fails as offline does, unless it goes to a real server a test started on 127.0.0.1. */
export function onUnhandledRequest(request: Request, print: { error(): void }): void {
  if (new URL(request.url).hostname === "127.0.0.1") return;
  print.error();
}

/** A request as the fakes read fetch's arguments: method, headers (lower-case names), the body as sent. */
export type SentInit = { method: string; headers: Record<string, string>; body?: string };
type Answer = Response | undefined | void;
export type Route = (url: string, init: SentInit) => Answer | Promise<Answer>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

async function initOf(request: Request): Promise<SentInit> {
  const headers = Object.fromEntries(request.headers.entries());
  if (request.method === "GET" || request.method === "HEAD") return { method: request.method, headers };
  const body = await request.clone().text();
  return { method: request.method, headers, ...(body ? { body } : {}) };
}

/**
 * Answers every request by `route` (a 404 envelope when it gives nothing). The returned mock records each
 * request as fetch was called before, (url, init), so a test can count or read them.
 */
export function answerWith(route: Route = () => undefined) {
  const fetchMock = vi.fn(route);
  server.use(
    http.all("*", async ({ request }) => {
      let answer: Answer;
      try {
        answer = await fetchMock(request.url, await initOf(request));
      } catch {
        // A fake that throws meant fetch to fail as it does offline.
        return HttpResponse.error();
      }
      return answer ?? HttpResponse.json({ error: { code: "not_found", message: "Not found." } }, { status: 404 });
    }),
  );
  return fetchMock;
}
