import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import trTR from "@/messages/tr-TR.json";
import arAE from "@/messages/ar-AE.json";

// Issue 34: one word per concept. docs/product.md's glossary lists, per concept, the Persian word the pages use
// and the synonyms they once mixed in (a plan was «طرح» and «پلن», a booster three words, a second look
// «اعتراض» in the notice but «درخواست بازبینی» on the button). A listed synonym in the messages fails here; so
// does a Latin digit in Persian text (but ICU's =0 selectors and names such as "OpenAPI 3.1", "CVV2").

type Messages = { [key: string]: string | Messages };

/** Every message as [key, text]. */
function texts(messages: Messages, prefix = ""): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  );
}

/** The glossary's rows as cells, read from docs/product.md's "Glossary" table. */
function glossary(): Record<string, string>[] {
  const section = readFileSync("docs/product.md", "utf8").split(/^## \d+\. Glossary$/m)[1] ?? "";
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
  const [header = [], , ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ""])));
}

/** SPEC's own sentences, kept word for word (SPEC §4, §8): "withdrawal" stays in them. */
const SPEC_TEXTS = new Set(["api.errors.withdrawals_disabled", "api.validation.payout_amount_invalid"]);

/** Where a message uses one of the synonyms the glossary rules out (an argument's name and a select's keyword are not text). */
export function synonymsIn(messages: Messages, column: string): string[] {
  const banned = glossary().flatMap((row) =>
    (row[column] ?? "")
      .split(/[،,]/)
      .map((word) => word.trim())
      .filter(Boolean),
  );
  return texts(messages)
    .filter(([key]) => !SPEC_TEXTS.has(key))
    .map(
      ([key, text]) =>
        [
          key,
          text
            .replace(/select, \w+ \{/g, "select, {")
            .replace(/\{\s*\w+\s*([,}])/g, "{$1")
            .toLowerCase(),
        ] as const,
    )
    .flatMap(([key, text]) => banned.filter((word) => text.includes(word.toLowerCase())).map((word) => `${key}: ${word}`));
}

const NAMES = ["OpenAPI 3.1", "CVV2"];

describe("one vocabulary (docs/product.md, Glossary)", () => {
  it("the glossary is there and rules out synonyms in Persian", () => {
    const rows = glossary();
    expect(rows.map((row) => row.concept)).toContain("plan (membership)");
    expect(rows.find((row) => row.concept === "plan (membership)")?.["not (fa-IR)"]).toBe("پلن");
  });

  it("fa-IR uses no synonym the glossary rules out", () => {
    expect(synonymsIn(faIR as Messages, "not (fa-IR)")).toEqual([]);
  });

  it("en-US says payout, never withdrawal (but in SPEC's own sentences)", () => {
    expect(synonymsIn(enUS as Messages, "not (en-US)")).toEqual([]);
    expect(synonymsIn({ planted: { line: "Your Withdrawal was paid" } }, "not (en-US)")).toEqual(["planted.line: withdrawal"]);
  });

  it("tr-TR and ar-AE name a booster one way", () => {
    expect(synonymsIn(trTR as Messages, "not (tr-TR)")).toEqual([]);
    expect(synonymsIn(arAE as Messages, "not (ar-AE)")).toEqual([]);
    expect(synonymsIn({ planted: { line: "يرى المنفّذون الخطط" } }, "not (ar-AE)")).toEqual(["planted.line: المنفّذ"]);
  });

  it("fails on a planted synonym", () => {
    const planted = { ...(faIR as Messages), planted: { line: "پلن شما تمدید شد" } };
    expect(synonymsIn(planted, "not (fa-IR)")).toEqual(["planted.line: پلن"]);
    // A plural is a word of its own in Persian: «کاربران فعال» does not contain «کاربر فعال».
    expect(synonymsIn({ planted: { line: "برای کاربران فعال" } }, "not (fa-IR)")).toEqual(["planted.line: کاربران فعال"]);
  });

  it("Persian text has Persian digits only", () => {
    const latin = texts(faIR as Messages)
      .map(([key, text]) => [key, NAMES.reduce((rest, name) => rest.replaceAll(name, ""), text.replace(/=\d+/g, ""))] as const)
      .filter(([, text]) => /[0-9]/.test(text.replace(/\{[^{}]*\}/g, "")));
    expect(latin.map(([key]) => key)).toEqual([]);
  });
});
