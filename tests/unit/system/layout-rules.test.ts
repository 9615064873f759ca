import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layout's rules (docs/architecture.md), checked on the source so a change that breaks one fails here.
const root = path.resolve(__dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => path.posix.join(dir, file.split(path.sep).join("/")));
}
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const importsOf = (text: string) => [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);

const NOT_FEATURES = new Set(["http", "core", "db", "adapters", "cli", "jobs"]);
const featureFiles = sources("server").filter((file) => {
  const [, top, rest] = file.split("/");
  return rest !== undefined && !NOT_FEATURES.has(top!);
});

/** Where an import points inside the repository ("components/ui/Button"), or null for a package. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith("@/")) return spec.slice(2);
  if (spec.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  return null;
}

// The app's shell: the folders that frame every page (document, headers, menus, language, providers, the
// support widget, error pages). A feature may use them; they use no feature.
const SHELL = new Set(["layout", "panel", "navigation", "i18n", "providers", "support", "errors"]);
const folderOf = (file: string) => file.split("/")[1]!;

/** components/<a> files that import components/<b> (b ≠ a), as "file -> target". */
function componentImports(): { file: string; from: string; to: string; line: string }[] {
  return sources("components").flatMap((file) =>
    importsOf(read(file))
      .map((spec) => target(file, spec))
      .filter((to): to is string => to !== null && to.startsWith("components/") && folderOf(to) !== folderOf(file))
      .map((to) => ({ file, from: folderOf(file), to: folderOf(to), line: `${file} -> ${to}` })),
  );
}

/** Imports from one server feature into another, as { from, to, line }; `deep` when it passes by the other's index.ts. */
function featureImports(): { from: string; to: string; deep: boolean; line: string }[] {
  return featureFiles.flatMap((file) =>
    importsOf(read(file))
      .map((spec) => target(file, spec))
      .filter((to): to is string => to !== null && to.startsWith("server/") && to.split("/").length > 1)
      .map((to) => ({ from: folderOf(file), to: folderOf(to), path: to }))
      .filter(({ from, to }) => to !== from && !NOT_FEATURES.has(to) && to !== undefined && !/\.ts$/.test(to))
      .map(({ from, to, path: p }) => ({ from, to, deep: p !== `server/${to}` && p !== `server/${to}/index`, line: `${file} -> ${p}` })),
  );
}

describe("layout rules", () => {
  it("finds the features", () => {
    expect(featureFiles.length).toBeGreaterThan(40);
  });

  it("a feature's verbs and queries know no HTTP: only its route files import server/http", () => {
    const offenders = featureFiles
      .filter((file) => !/(^|\/)routes(\/|\.ts$)|-routes\.ts$/.test(file))
      .filter((file) => importsOf(read(file)).some((spec) => spec.startsWith("@/server/http")));
    expect(offenders).toEqual([]);
  });

  it("a server feature calls another only through its front door, server/<feature>/index.ts", () => {
    expect(
      featureImports()
        .filter((edge) => edge.deep)
        .map((edge) => edge.line),
    ).toEqual([]);
  });

  it("no two server features import each other (a cycle is broken by a lower feature, a registry or a function passed in)", () => {
    const edges = new Set(featureImports().map((edge) => `${edge.from}->${edge.to}`));
    const pairs = [...edges].filter((edge) => {
      const [a, b] = edge.split("->");
      return a! < b! && edges.has(`${b}->${a}`);
    });
    expect(pairs).toEqual([]);
  });

  it("server/core imports no feature: the composition root (server/root.ts) sits above them", () => {
    const serverFiles = new Set(sources("server"));
    const offenders = sources("server/core").flatMap((file) =>
      importsOf(read(file))
        .map((spec) => target(file, spec))
        .filter(
          (to): to is string => to !== null && to.startsWith("server/") && !NOT_FEATURES.has(folderOf(to)) && !serverFiles.has(`${to}.ts`),
        )
        .map((to) => `${file} -> ${to}`),
    );
    expect(offenders).toEqual([]);
  });

  it("server/core knows no HTTP transport", () => {
    const offenders = sources("server/core").filter((file) => importsOf(read(file)).some((spec) => spec.startsWith("@/server/http")));
    expect(offenders).toEqual([]);
  });

  it("no component or page calls fetch itself: the one client in lib/api does", () => {
    const offenders = [...sources("components"), ...sources("app")].filter((file) => /(^|[^.\w])fetch\(/.test(read(file)));
    expect(offenders).toEqual([]);
  });

  it("no route handler runs SQL or declares a schema", () => {
    const routeFiles = featureFiles.filter((file) => /(^|\/)routes(\/|\.ts$)|-routes\.ts$/.test(file));
    expect(routeFiles.length).toBeGreaterThan(10);
    const offenders = routeFiles.filter((file) => {
      const text = read(file);
      return importsOf(text).includes("drizzle-orm") || /\bz\.(object|enum|string|number)\(/.test(text);
    });
    expect(offenders).toEqual([]);
  });

  it("lib/ is browser-safe: it imports nothing from server/", () => {
    const offenders = sources("lib").filter((file) =>
      importsOf(read(file)).some((spec) => (target(file, spec) ?? "").match(/^server(\/|$)/)),
    );
    expect(offenders).toEqual([]);
  });

  it("a feature's components import another folder only through components/ui or the shell", () => {
    const offenders = componentImports()
      .filter(({ from, to }) => !SHELL.has(from) && from !== "ui" && to !== "ui" && !SHELL.has(to))
      .map(({ line }) => line);
    expect(offenders).toEqual([]);
  });

  it("components/ui imports no other component folder, and the shell no feature", () => {
    const offenders = componentImports()
      .filter(({ from, to }) => from === "ui" || (SHELL.has(from) && to !== "ui" && !SHELL.has(to)))
      .map(({ line }) => line);
    expect(offenders).toEqual([]);
    // The shell is exactly these folders: one that goes away or is renamed must be taken off the list.
    const folders = new Set(readdirSync(path.join(root, "components")));
    expect([...SHELL].filter((folder) => !folders.has(folder))).toEqual([]);
  });

  it("no source file is over 300 lines (migrations and generated files aside)", () => {
    const files = ["app", "components", "lib", "server", "stores"]
      .flatMap(sources)
      .filter((file) => !file.startsWith("server/db/migrations/"));
    const long = files.filter((file) => read(file).split("\n").length > 301);
    expect(long).toEqual([]);
  });
});
