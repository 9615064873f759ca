import { readFileSync } from "node:fs";
import path from "node:path";

export type SeedContentPage = {
  slug: "about" | "terms" | "privacy";
  locale: "fa-IR" | "en-US" | "tr-TR" | "ar-AE";
  title: string;
  metaTitle: string;
  metaDescription: string;
  body: string;
};

const SLUGS = ["about", "terms", "privacy"] as const;
const LOCALES = ["fa-IR", "en-US", "tr-TR", "ar-AE"] as const;

/** The legal texts, one Markdown file per page and locale (read from the project root, as the migrations are). */
export const seedPagesFolder = path.join(process.cwd(), "server/db/seed/pages");

/**
 * One page's file: a front matter of `key: "JSON string"` lines (title, metaTitle, metaDescription)
 * between `---` lines, a blank line, then the body as stored, and a final newline.
 */
export function parseSeedPage(slug: SeedContentPage["slug"], locale: SeedContentPage["locale"], text: string): SeedContentPage {
  const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)\n$/.exec(text);
  if (!match) throw new Error(`seed page ${slug}.${locale}.md: no front matter`);
  const front = Object.fromEntries(
    match[1]!.split("\n").map((line) => {
      const colon = line.indexOf(": ");
      return [line.slice(0, colon), JSON.parse(line.slice(colon + 2)) as string];
    }),
  );
  const { title, metaTitle, metaDescription } = front;
  if (!title || !metaTitle || !metaDescription) throw new Error(`seed page ${slug}.${locale}.md: incomplete front matter`);
  return { slug, locale, title, metaTitle, metaDescription, body: match[2]! };
}

/** Every seeded content page, each page in every locale. */
export function loadSeedContentPages(folder = seedPagesFolder): SeedContentPage[] {
  return SLUGS.flatMap((slug) =>
    LOCALES.map((locale) => parseSeedPage(slug, locale, readFileSync(path.join(folder, `${slug}.${locale}.md`), "utf8"))),
  );
}
