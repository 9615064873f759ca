import { describe, expect, it } from "vitest";
import { numberInWords } from "@/lib/format/number-words";

// Issue 33: a receipt writes its amount in words beside the figures (SPEC §9: Persian number words).
describe("numberInWords", () => {
  it.each([
    [0, "صفر"],
    [1_800, "هزار و هشتصد"],
    [2_000_000, "دو میلیون"],
    [2_500_000, "دو میلیون و پانصد هزار"],
    [5_401_800, "پنج میلیون و چهارصد و یک هزار و هشتصد"],
    [121_000, "صد و بیست و یک هزار"],
    [1_000_001, "یک میلیون و یک"],
    [3_000_000_000, "سه میلیارد"],
  ])("fa-IR %d", (n, words) => expect(numberInWords(n, "fa-IR")).toBe(words));

  it.each([
    [0, "zero"],
    [1_800, "one thousand eight hundred"],
    [5_401_800, "five million four hundred one thousand eight hundred"],
    [21_000_045, "twenty-one million forty-five"],
  ])("en-US %d", (n, words) => expect(numberInWords(n, "en-US")).toBe(words));

  it.each([
    [1_800, "bin sekiz yüz"],
    [5_401_800, "beş milyon dört yüz bir bin sekiz yüz"],
    [2_000_000, "iki milyon"],
    [111, "yüz on bir"],
  ])("tr-TR %d", (n, words) => expect(numberInWords(n, "tr-TR")).toBe(words));

  it.each([
    [1_800, "ألف وثمانمائة"],
    [2_000_000, "مليونان"],
    [5_401_800, "خمسة ملايين وأربعمائة وواحد ألف وثمانمائة"],
    [3_000, "ثلاثة آلاف"],
    [25_000_000, "خمسة وعشرون مليون"],
  ])("ar-AE %d", (n, words) => expect(numberInWords(n, "ar-AE")).toBe(words));

  it("a negative amount says so; beyond the range, the figures", () => {
    expect(numberInWords(-2_000_000, "en-US")).toBe("minus two million");
    expect(numberInWords(1e16, "en-US")).toBe("10000000000000000");
  });
});

describe("recentMonths", () => {
  it("Solar Hijri months in fa-IR, Gregorian ones elsewhere, newest first", async () => {
    const { recentMonths } = await import("@/lib/time/tehran");
    // 6 Azar 1405 = 27 November 2026; Azar runs 22 Nov – 21 Dec, Aban 23 Oct – 21 Nov.
    expect(recentMonths("2026-11-27", 2, "persian")).toEqual([
      { first: "2026-11-22", last: "2026-12-21" },
      { first: "2026-10-23", last: "2026-11-21" },
    ]);
    expect(recentMonths("2026-03-05", 3, "gregory")).toEqual([
      { first: "2026-03-01", last: "2026-03-31" },
      { first: "2026-02-01", last: "2026-02-28" },
      { first: "2026-01-01", last: "2026-01-31" },
    ]);
  });
});

describe("csvCell", () => {
  it("keeps numbers as numbers, quotes what needs it, and defuses formulas in text", async () => {
    const { csvCell, csvText } = await import("@/lib/format/csv");
    expect(csvCell(-3_000_000)).toBe("-3000000");
    expect(csvCell("-3000000")).toBe("'-3000000");
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell(null)).toBe("");
    expect(
      csvText([
        ["a", 1],
        ["b", null],
      ]),
    ).toBe("a,1\r\nb,\r\n");
  });
});
