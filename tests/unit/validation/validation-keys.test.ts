// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "@/lib/i18n/locales";
import faIR from "@/messages/fa-IR.json";
import { catalogue, validationKeys } from "./validation-support";

/* ---- Keys our code names: each exists in the four locales; a key with values only on a check that has them ---- */

const ROOT = path.resolve(import.meta.dirname, "../../..");
function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}
const schemaSources = [
  ...sources("lib/schemas"),
  ...sources("server").filter((file) => /routes(\/|\.ts$)/.test(file)),
  ...sources("components"),
  "lib/validation/visible-text.ts",
];

describe("keys named in the code", () => {
  const withValues = validationKeys.filter((key) => /\{/.test((faIR.api.validation as Record<string, string>)[key]!));

  it("every api.validation key a schema or form names exists in the four locales", () => {
    const named = new Set<string>();
    for (const file of schemaSources) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const match of text.matchAll(/(?:message:\s*|z\.\w+\(|\.\w+\([^()"]*,\s*|\(|fieldMessage\()"([a-z][a-z0-9_]+)"/g)) {
        const key = match[1];
        // An error a route throws (`new AppError("api_key_invalid")`) is a code of api.errors, not a field's message.
        if (text.slice(0, match.index).endsWith("AppError")) continue;
        if (key && (validationKeys.includes(key) || /_(invalid|required|too_long|format)$/.test(key))) named.add(key);
      }
    }
    expect(named.size).toBeGreaterThan(20);
    for (const key of named)
      for (const locale of locales) expect(catalogue[locale].api.validation, `${key} in ${locale}`).toHaveProperty(key);
  });

  it.each(withValues)("%s is named only by a bound check that supplies its value", (key) => {
    for (const file of schemaSources) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const match of text.matchAll(new RegExp(`"${key}"`, "g"))) {
        const before = text.slice(Math.max(0, match.index - 120), match.index);
        expect(before, `${file}: "${key}"`).toMatch(
          /\.(min|max|length|gt|gte|lt|lte|positive|negative|nonnegative|nonpositive|multipleOf)\([^()]*,\s*$/,
        );
      }
    }
  });
});
