import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STATE_DIAGRAM } from "@/lib/campaigns/state-machine";

// A newcomer reads README.md and docs/: every file they name must exist in this repository (issue 14:
// the README sent people to ../shared/SPEC.md and DESIGN.md, which a clone does not have; issue 31: no
// stale sentence, so a file moved or renamed without its docs fails here). Checked: relative links and
// their #anchors, and repository paths written as `code` (server/…, lib/…, components/…, tests/…,
// scripts/…, docs/…, app/…, messages/…, stores/…, public/…) in prose or in fenced blocks. A path may
// hold placeholders, which must match at least one file: `<feature>` or `*` (one name), `{api,unit}`
// (either), `…` (anything below).

const root = path.resolve(__dirname, "../../..");

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.posix.join(dir, name.split(path.sep).join("/")))
    .sort();
}

const documents = ["README.md", ...markdownUnder("docs")];

const FENCE = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm;

/** The text outside fenced blocks, and the fenced blocks' contents. */
export function splitFences(text: string): { prose: string; blocks: string[] } {
  const blocks = [...text.matchAll(FENCE)].map((match) => match[0]);
  return { prose: text.replace(FENCE, ""), blocks };
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(file: string): Set<string> {
  const { prose } = splitFences(readFileSync(path.join(root, file), "utf8"));
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = slug(heading!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** Relative link targets: [text](target), without web addresses. */
export function linkTargets(text: string): string[] {
  const { prose } = splitFences(text);
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

const TOP = "(?:server|lib|components|tests|scripts|docs|app|messages|stores|public)";
const PATH = new RegExp(`^${TOP}/\\S*$`);

/** Repository paths written as code: `server/…` spans in prose, and path-like words in fenced blocks. */
export function namedPaths(text: string): string[] {
  const { prose, blocks } = splitFences(text);
  const spans = [...prose.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.trim());
  const words = blocks.flatMap((block) =>
    block
      .split("\n")
      .slice(1, -1)
      .flatMap((line) => line.split(/\s+/))
      .map((word) => word.replace(/^[("'`]+/, "").replace(/[)"'`,.;:]+$/, "")),
  );
  return [...new Set([...spans, ...words].filter((candidate) => PATH.test(candidate)))];
}

function segmentPattern(segment: string): RegExp {
  let pattern = "";
  for (let i = 0; i < segment.length;) {
    const rest = segment.slice(i);
    const placeholder = /^<[^>]+>/.exec(rest);
    const alternatives = /^\{([^}]+)\}/.exec(rest);
    if (placeholder) {
      pattern += "[^/]+";
      i += placeholder[0].length;
    } else if (alternatives) {
      pattern += `(?:${alternatives[1]!
        .split(",")
        .map((choice) => choice.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("|")})`;
      i += alternatives[0].length;
    } else if (rest.startsWith("*")) {
      pattern += "[^/]*";
      i += 1;
    } else if (rest.startsWith("…")) {
      pattern += "[^/]*";
      i += 1;
    } else {
      pattern += rest[0]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      i += 1;
    }
  }
  return new RegExp(`^${pattern}$`);
}

/** Whether a named path (placeholders allowed) matches at least one file or folder. */
export function pathExists(named: string, base = root): boolean {
  const directory = named.endsWith("/");
  const segments = named.split("/").filter(Boolean);
  const walk = (dir: string, index: number): boolean => {
    if (index === segments.length) return !directory || statSync(dir).isDirectory();
    const segment = segments[index]!;
    if (segment === "…") return true; // anything below, including nothing more
    if (!/[<{*…]/.test(segment)) {
      const next = path.join(dir, segment);
      return existsSync(next) && walk(next, index + 1);
    }
    if (!statSync(dir).isDirectory()) return false;
    const pattern = segmentPattern(segment);
    return readdirSync(dir)
      .filter((name) => pattern.test(name))
      .some((name) => walk(path.join(dir, name), index + 1));
  };
  return walk(base, 0);
}

describe("README and docs/ stay inside the repository", () => {
  it("has the product, design, architecture and feature notes", () => {
    expect(documents).toEqual(
      expect.arrayContaining(["README.md", "docs/product.md", "docs/design.md", "docs/architecture.md", "docs/configuration.md"]),
    );
    expect(documents.some((file) => file.startsWith("docs/features/"))).toBe(true);
  });

  it.each(documents)("%s names no file outside the repository", (file) => {
    const text = readFileSync(path.join(root, file), "utf8");
    expect(text).not.toMatch(/\.\.\/shared\b|(?<![\w/])(SPEC|DESIGN)\.md\b/);
  });

  it.each(documents)("%s links only to files and headings that exist", (file) => {
    const problems: string[] = [];
    for (const target of linkTargets(readFileSync(path.join(root, file), "utf8"))) {
      const [where, anchor] = target.split("#") as [string, string | undefined];
      const resolved = where ? path.resolve(root, path.dirname(file), where) : path.join(root, file);
      if (!resolved.startsWith(root + path.sep)) problems.push(`${target}: outside the repository`);
      else if (!existsSync(resolved)) problems.push(`${target}: no such file`);
      else if (anchor && resolved.endsWith(".md") && !anchorsOf(path.relative(root, resolved)).has(anchor))
        problems.push(`${target}: no such heading`);
    }
    expect(problems).toEqual([]);
  });

  it.each(documents)("%s names only repository paths that exist", (file) => {
    const missing = namedPaths(readFileSync(path.join(root, file), "utf8")).filter((named) => !pathExists(named));
    expect(missing).toEqual([]);
  });
});

describe("pictures of the code stay the code's", () => {
  it("the campaign diagram in docs/features/campaigns.md is the state machine's table", () => {
    const doc = readFileSync(path.join(root, "docs/features/campaigns.md"), "utf8");
    expect(doc).toContain("```mermaid\n" + STATE_DIAGRAM + "\n```");
  });
});

describe("the checks themselves", () => {
  it("finds paths in code spans and fenced blocks, and links outside them", () => {
    const text = [
      "See `server/payouts/transitions.ts` and `/api/docs`, [design](design.md#1-shape) or [a site](https://example.com).",
      "```",
      "tests/{api,unit}/<feature>/  tests follow (server/web.ts), [not a link](nowhere.md)",
      "```",
    ].join("\n");
    expect(namedPaths(text)).toEqual(["server/payouts/transitions.ts", "tests/{api,unit}/<feature>/", "server/web.ts"]);
    expect(linkTargets(text)).toEqual(["design.md#1-shape"]);
  });

  it("fails a planted path that does not exist, and a heading that does not", () => {
    expect(pathExists("server/payouts/transitions.ts")).toBe(true);
    expect(pathExists("server/payouts/no-such-file.ts")).toBe(false);
    expect(pathExists("server/<feature>/routes.ts")).toBe(true);
    expect(pathExists("server/<feature>/no-such-verb.ts")).toBe(false);
    expect(pathExists("tests/{api,unit}/<feature>/")).toBe(true);
    expect(pathExists("tests/{api,unit,nowhere}/no-such-feature/")).toBe(false);
    expect(pathExists("server/adapters/oauth-*.ts")).toBe(true);
    expect(pathExists("app/[locale]/…")).toBe(true);
    expect(pathExists("docs/architecture.md/")).toBe(false);
    expect(slug("What `npm start` does")).toBe("what-npm-start-does");
    expect(slug("The admin's way in")).toBe("the-admins-way-in");
    expect(slug("3. Data and money")).toBe("3-data-and-money");
    expect(anchorsOf("docs/design.md").has("where-the-code-differs")).toBe(true);
    expect(anchorsOf("docs/design.md").has("no-such-heading")).toBe(false);
  });
});
