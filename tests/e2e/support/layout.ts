import { expect, type Page } from "@playwright/test";

export const PHONE = { width: 360, height: 780 };
export const DESKTOP = { width: 1280, height: 900 };

/** Nothing may scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
