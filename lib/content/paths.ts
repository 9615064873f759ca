import { stripLocale } from "@/lib/i18n/negotiate";

/** The slug of a content page URL ("/en-US/pages/about" → "about"), or null for any other path. */
export function contentPageSlug(pathname: string): string | null {
  const match = /^\/pages\/([^/]+)\/?$/.exec(stripLocale(pathname));
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** A path no route claims: rewriting to it renders the server-side 404 (app/not-found.tsx). */
export const UNMATCHED_PATH = "/__not-found";
