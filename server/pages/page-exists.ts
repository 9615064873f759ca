import type { Locale } from "@/lib/i18n/locales";
import { getPageInput } from "@/lib/schemas/pages";
import { sharedDatabase } from "@/server/db";
import { AppError } from "@/server/core/errors";
import { getPage } from "@/server/pages/get-page";

/**
 * Whether a content page exists (through the page cache). Asked by the proxy so that an unknown
 * slug gets the server-rendered 404. When the database cannot answer it says yes and lets the page
 * itself report the failure.
 */
export async function pageExists(slug: string, locale: Locale): Promise<boolean> {
  if (!getPageInput.safeParse({ slug }).success) return false;
  try {
    const { db } = await sharedDatabase();
    await getPage({ db }, { slug, locale });
    return true;
  } catch (error) {
    return !(error instanceof AppError && error.code === "page_not_found");
  }
}
