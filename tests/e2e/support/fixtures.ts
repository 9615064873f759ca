import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { adminContext } from "./admin";

/**
 * React's hydration errors, in development wording and as the production build prints them
 * (minified errors #418 text/content mismatch, #423 recoverable error while hydrating, #425 text
 * mismatch). Only these: a test should not fail on an unrelated console error.
 */
const hydrationError = /Hydration failed|hydrat|Minified React error #(418|423|425)\b/i;

export function isHydrationError(text: string): boolean {
  return hydrationError.test(text);
}

/** Hydration errors seen on one page or context: the test fails with them after it ran. */
export type HydrationErrors = string[];

/** Records hydration errors printed to the console or thrown on a page. */
export function watchPageForHydrationErrors(page: Page, seen: HydrationErrors): void {
  page.on("console", (message) => {
    if (message.type() === "error" && isHydrationError(message.text())) seen.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    const text = `${error.message}\n${error.stack ?? ""}`;
    if (isHydrationError(text)) seen.push(`${page.url()}: ${error.message}`);
  });
}

/**
 * Watches every page of a context, the ones open now and the ones it opens later. Specs that make
 * their own contexts (browser.newContext()) call this and then expectNoHydrationErrors(seen).
 */
const watched = new WeakSet<BrowserContext>();

export function watchContextForHydrationErrors(context: BrowserContext, seen: HydrationErrors = []): HydrationErrors {
  if (watched.has(context)) return seen;
  watched.add(context);
  for (const page of context.pages()) watchPageForHydrationErrors(page, seen);
  context.on("page", (page) => watchPageForHydrationErrors(page, seen));
  return seen;
}

export function expectNoHydrationErrors(seen: HydrationErrors): void {
  expect(seen, "React hydration errors in the browser console").toEqual([]);
}

/**
 * Playwright's test, failing on a hydration error in its context (page and every page opened in
 * it) and in any context or page the test makes itself with browser.newContext() or
 * browser.newPage() (which goes through newContext), so specs need no change beyond the import.
 */
export const test = base.extend<{ hydrationErrors: HydrationErrors; admin: BrowserContext }>({
  hydrationErrors: [
    async ({ context, browser }, run) => {
      const seen = watchContextForHydrationErrors(context);
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<typeof newContext>) => watchAndReturn(await newContext.apply(browser, args), seen);
      try {
        await run(seen);
      } finally {
        browser.newContext = newContext;
      }
      expectNoHydrationErrors(seen);
    },
    { auto: true },
  ],
  /** The admin (adminContext: English) in a browser of their own, signed in when a test asks for it, closed after it. */
  admin: async ({ browser, baseURL, hydrationErrors }, run) => {
    const admin = watchAndReturn(await adminContext(browser, baseURL!), hydrationErrors);
    await run(admin);
    await admin.close();
  },
});

function watchAndReturn(context: BrowserContext, seen: HydrationErrors): BrowserContext {
  watchContextForHydrationErrors(context, seen);
  return context;
}

export { expect };
export type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
