import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { onUnhandledRequest, server } from "./support/msw";

// The app's Link needs the Next.js router; component tests see it as a plain anchor with the href they gave it
// (tests/unit/i18n/link.test.ts checks the locale prefix it adds, the browser tests the real one).
vi.mock("@/lib/i18n/link", async (importActual) => ({
  ...(await importActual<typeof import("@/lib/i18n/link")>()),
  Link: (await import("./support/navigation")).PlainLink,
}));

// Every fetch goes through msw; a request no test answers fails loudly instead of reaching the network.
beforeAll(async () => {
  server.listen({ onUnhandledRequest });
  // msw loads its request handling on the first request: spend that here, not in the first test's 1 s findBy budget.
  server.use(http.get("http://localhost/__msw_warm_up", () => new HttpResponse(null, { status: 204 })));
  await fetch("http://localhost/__msw_warm_up").catch(() => undefined);
  server.resetHandlers();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

// jsdom lays nothing out and has no scrollIntoView; components call it to bring a section into view.
if (typeof Element !== "undefined" && !Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// jsdom's Blob has no text() (every browser has): read it as a FileReader does (a downloaded export's rows).
if (typeof Blob !== "undefined" && !Blob.prototype.text)
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
