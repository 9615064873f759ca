import { z } from "zod";
import { locales } from "@/lib/i18n/locales";
import { visibleText } from "@/lib/validation/visible-text";
import { dateTime, endpoint, longText, text } from "./common";

const PUBLIC_SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

/** POST pages/get: the page's slug, the last segment of /pages/<slug>. Shared by the API and the web. */
export const getPageInput = z.object({
  slug: text().trim().min(1).max(100).regex(PUBLIC_SLUG, "invalid_format").meta({ pattern: PUBLIC_SLUG.source }),
});
export type GetPageInput = z.infer<typeof getPageInput>;

/* ---- The back office's page editor (PUT admin/pages/{slug}/{locale}); messages name keys of api.validation ---- */

export const PAGE_SLUG_MAX = 64;
export const PAGE_TITLE_MAX = 200;
export const PAGE_BODY_MAX = 100_000;
export const PAGE_META_TITLE_MAX = 120;
export const PAGE_META_DESCRIPTION_MAX = 300;
export const PAGE_OG_IMAGE_MAX = 500;

/** A slug an admin may give a page: lowercase Latin letters and digits in groups joined by single hyphens. */
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const pageSlug = text("page_slug_invalid")
  .min(1, "page_slug_invalid")
  .max(PAGE_SLUG_MAX, "page_slug_invalid")
  .regex(PAGE_SLUG_PATTERN, "page_slug_invalid")
  .meta({ pattern: PAGE_SLUG_PATTERN.source });

export const pageLocale = z.enum(locales, "invalid_value");

/** The page's address and language, as the editor's URL carries them. */
export const pageParams = z.object({ slug: pageSlug, locale: pageLocale });

/** The "new page" form: only the slug. */
export const newPageInput = z.object({ slug: text("page_slug_invalid").trim().pipe(pageSlug) });
export type NewPageInput = z.input<typeof newPageInput>;

/** An absolute https:// address without credentials. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** A page's text as visitors read it: something visible, no text-direction controls (lib/validation/visible-text.ts); one line. */
const pageText = (max: number, tooLong: string) => text("required").trim().min(1, "required").max(max, tooLong).superRefine(visibleText);
/** The same, written in a text box: line breaks and tabs are kept. */
const pageLongText = (max: number, tooLong: string) =>
  longText("required").trim().min(1, "required").max(max, tooLong).superRefine(visibleText);

/**
 * One language's version of a page. An empty share-image address means none (the form holds a
 * string); on the wire null says the same.
 */
export const pageContentInput = z.object({
  title: pageText(PAGE_TITLE_MAX, "page_title_too_long"),
  body: pageLongText(PAGE_BODY_MAX, "page_body_too_long").meta({ description: "Markdown: line breaks and tabs are kept" }),
  meta_title: pageText(PAGE_META_TITLE_MAX, "page_meta_title_too_long"),
  meta_description: pageLongText(PAGE_META_DESCRIPTION_MAX, "page_meta_description_too_long").meta({
    description: "Written in a text box: line breaks are kept",
  }),
  og_image: text("page_og_image_invalid")
    .trim()
    .max(PAGE_OG_IMAGE_MAX, "page_og_image_invalid")
    .refine((value) => value === "" || isHttpsUrl(value), "page_og_image_invalid")
    .nullable()
    .optional()
    .transform((value) => value || null),
});
export type PageContentInput = z.input<typeof pageContentInput>;
export type PageContent = z.output<typeof pageContentInput>;

/* ---- Answers ---- */

/** POST pages/get: OpenAPI component ContentPage. */
export const contentPageOutput = z.object({
  context: z.object({
    meta_title: z.string(),
    meta_description: z.string(),
    og_image: z.string().nullable(),
  }),
  slug: z.string(),
  locale: z.string(),
  title: z.string(),
  body: z.string().meta({ description: "Markdown" }),
  updated_at: dateTime(),
});
export type ContentPage = z.infer<typeof contentPageOutput>;

/** One locale's version as the editor reads it: OpenAPI component AdminContentPageVersion. */
export const pageVersionOutput = z.object({
  slug: z.string(),
  locale: z.enum(locales),
  title: z.string(),
  body: z.string().meta({ description: "Markdown" }),
  meta_title: z.string(),
  meta_description: z.string(),
  og_image: z.string().nullable(),
  created_at: dateTime(),
  updated_at: dateTime(),
});
export type PageVersionOutput = z.infer<typeof pageVersionOutput>;

/** A page in the editor's list: OpenAPI component AdminContentPageSummary. */
export const pageSummaryOutput = z.object({
  slug: z.string(),
  locales: z.array(z.object({ locale: z.enum(locales), title: z.string(), updated_at: dateTime() })),
  updated_at: dateTime(),
});
export const pageSlugParams = z.object({ slug: pageSlug });
export type PageSummary = z.infer<typeof pageSummaryOutput>;
export const pageVersionsOutput = z.object({ slug: z.string(), versions: z.array(pageVersionOutput) });
export type PageVersions = z.infer<typeof pageVersionsOutput>;
export const savedPageOutput = z.object({ page: pageVersionOutput, created: z.boolean() });

/* ---- Endpoints: the routes (server/pages), the public page (in process) and the editor (lib/api/admin-pages.ts) read these ---- */

export const pageEndpoints = {
  get: endpoint({ method: "post", path: "/pages/get", body: getPageInput, response: contentPageOutput }),
  /** The back office's editor. */
  list: endpoint({ method: "get", path: "/admin/pages", response: z.array(pageSummaryOutput) }),
  versions: endpoint({ method: "get", path: "/admin/pages/{slug}", params: pageSlugParams, response: pageVersionsOutput }),
  /** Answers 200 for a version replaced, 201 for one created, with the same body. */
  save: endpoint({
    method: "put",
    path: "/admin/pages/{slug}/{locale}",
    params: pageParams,
    body: pageContentInput,
    response: savedPageOutput,
  }),
};
