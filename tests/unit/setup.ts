import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { onUnhandledRequest, server } from "./support/msw";

// Every fetch goes through msw; a request no test answers fails loudly instead of reaching the network.
beforeAll(() => server.listen({ onUnhandledRequest }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

// jsdom lays nothing out and has no scrollIntoView; components call it to bring a section into view.
if (typeof Element !== "undefined" && !Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
