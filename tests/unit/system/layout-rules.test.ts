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

  it("no source file is over 300 lines (migrations and generated files aside)", () => {
    const files = ["app", "components", "lib", "server", "stores"]
      .flatMap(sources)
      .filter((file) => !file.startsWith("server/db/migrations/"));
    const long = files.filter((file) => read(file).split("\n").length > 301);
    expect(long).toEqual([]);
  });
});
