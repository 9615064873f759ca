import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A newcomer reads README.md and docs/: every link there must lead to a file in this repository
// (issue 14: the README sent people to ../shared/SPEC.md and DESIGN.md, which a clone does not have).

const root = path.resolve(__dirname, "../../..");
const documents = ["README.md", ...readdirSync(path.join(root, "docs")).map((name) => `docs/${name}`)].filter((name) =>
  name.endsWith(".md"),
);

function localTargets(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith("#"))
    .map((target) => target.split("#")[0]!);
}

describe("README and docs/ stay inside the repository", () => {
  it("has the product and design notes", () => {
    expect(documents).toEqual(expect.arrayContaining(["README.md", "docs/product.md", "docs/design.md"]));
  });

  it.each(documents)("%s names no file outside the repository", (file) => {
    const text = readFileSync(path.join(root, file), "utf8");
    expect(text).not.toMatch(/\.\.\/shared\b|(?<![\w/])(SPEC|DESIGN)\.md\b/);
  });

  it.each(documents)("%s links only to files that exist in the repository", (file) => {
    for (const target of localTargets(file)) {
      const resolved = path.resolve(root, path.dirname(file), target);
      expect(resolved.startsWith(root + path.sep), `${target} stays inside the repository`).toBe(true);
      expect(existsSync(resolved), `${target} exists`).toBe(true);
    }
  });
});
