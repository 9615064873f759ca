import type { PageVersionOutput } from "@/lib/schemas/pages";
import type { PageVersion } from "@/server/pages/page-versions";

/** One locale's version of a page as the editor reads it (lib/schemas/pages.ts). */
export function toVersionOutput(page: PageVersion): PageVersionOutput {
  return {
    slug: page.slug,
    locale: page.locale,
    title: page.title,
    body: page.body,
    meta_title: page.metaTitle,
    meta_description: page.metaDescription,
    og_image: page.ogImage,
    created_at: page.createdAt.toISOString(),
    updated_at: page.updatedAt.toISOString(),
  };
}
