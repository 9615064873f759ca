import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ReactElement } from "react";
import { directionOf, type Locale } from "@/lib/i18n/locales";
import { shapeArabic, visualOrder } from "./arabic-shaping";

/**
 * Splits a line of text into the word boxes the Open Graph card lays out one by one. The image
 * renderer (Satori, behind next/og) orders a right-to-left line's words unreliably (the parts of
 * a word split by a zero-width non-joiner, آدم‌های, come out swapped), so the card lays the words
 * out itself, from the right: each word a box, already shaped and in drawing order
 * (lib/seo/arabic-shaping.ts), its trailing punctuation a box of its own that lands on the word's left.
 */
export function wordBoxes(text: string): string[][] {
  return shapeArabic(text)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const [, body = word, tail = ""] = /^(.*?)([.,،؛:!?؟»)]*)$/u.exec(word) ?? [];
      return [visualOrder(body), tail].filter(Boolean);
    });
}

/** Vazirmatn from the vazirmatn package (the site's font; Latin glyphs too): read from disk at build, no network. */
export async function ogFonts() {
  const dir = path.join(process.cwd(), "node_modules", "vazirmatn", "fonts", "ttf");
  const [bold, black] = await Promise.all([
    readFile(path.join(dir, "Vazirmatn-Bold.ttf")),
    readFile(path.join(dir, "Vazirmatn-Black.ttf")),
  ]);
  return [
    { name: "Vazirmatn", data: bold, weight: 700 as const, style: "normal" as const },
    { name: "Vazirmatn", data: black, weight: 900 as const, style: "normal" as const },
  ];
}

function Line({ text, rtl, size, weight, color }: { text: string; rtl: boolean; size: number; weight: number; color: string }) {
  return (
    <div
      style={{
        display: "flex",
        flexWrap: "wrap",
        flexDirection: rtl ? "row-reverse" : "row",
        columnGap: size * 0.28,
        rowGap: size * 0.2,
        fontSize: size,
        fontWeight: weight,
        color,
        lineHeight: 1.35,
      }}
    >
      {wordBoxes(text).map((parts, i) => (
        <div key={i} style={{ display: "flex", flexDirection: rtl ? "row-reverse" : "row" }}>
          {parts.map((part, j) => (
            <span key={j}>{part}</span>
          ))}
        </div>
      ))}
    </div>
  );
}

/** The default social card of a locale: the mark and brand, the landing's headline and its eyebrow, the site's address when SITE_URL names it. */
export function OgCard({
  locale,
  brand,
  title,
  eyebrow,
  host,
}: {
  locale: Locale;
  brand: string;
  title: string;
  eyebrow: string;
  host: string | null;
}): ReactElement {
  const rtl = directionOf(locale) === "rtl";
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        alignItems: rtl ? "flex-end" : "flex-start",
        padding: "64px 72px",
        background: "linear-gradient(135deg, #1d59f1 0%, #1e3a8a 100%)",
        color: "#ffffff",
        fontFamily: "Vazirmatn",
      }}
    >
      <div style={{ display: "flex", flexDirection: rtl ? "row-reverse" : "row", alignItems: "center", gap: 24 }}>
        <div
          style={{
            display: "flex",
            width: 96,
            height: 96,
            borderRadius: 24,
            background: "#ffffff",
            color: "#1d59f1",
            fontSize: 64,
            fontWeight: 900,
            alignItems: "center",
            justifyContent: "center",
          }}
        >
          ت
        </div>
        <Line text={brand} rtl={rtl} size={64} weight={900} color="#ffffff" />
      </div>
      <div style={{ display: "flex", flexDirection: "column", alignItems: rtl ? "flex-end" : "flex-start", gap: 20, maxWidth: 1056 }}>
        <Line text={eyebrow} rtl={rtl} size={34} weight={700} color="#bfdbfe" />
        <Line text={title} rtl={rtl} size={62} weight={900} color="#ffffff" />
      </div>
      <div style={{ display: "flex", fontSize: 28, fontWeight: 700, color: "#bfdbfe" }}>{host ?? ""}</div>
    </div>
  );
}
