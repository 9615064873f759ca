import type { Locale } from "@/lib/i18n/locales";

/**
 * A whole number in words, as a receipt writes an amount beside its figures (SPEC §9: Persian number words for
 * millions and thousands): «دو میلیون و پانصد هزار», "two million five hundred thousand", "iki milyon beş yüz
 * bin", «مليونان وخمسمائة ألف». Whole numbers from 0 to 999,999,999,999,999 (Rials never reach further).
 */
export function numberInWords(value: number, locale: Locale): string {
  const n = Math.trunc(Math.abs(value));
  if (!Number.isSafeInteger(n) || n >= 1e15) return String(value);
  const words = WORDS[locale](n);
  return value < 0 ? `${MINUS[locale]} ${words}` : words;
}

const MINUS: Record<Locale, string> = { "fa-IR": "منفی", "en-US": "minus", "tr-TR": "eksi", "ar-AE": "سالب" };

/** The number's groups of three digits, the lowest first: 1,234,567 → [567, 234, 1]. */
function groups(n: number): number[] {
  const out: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) out.push(rest % 1000);
  return out;
}

/* ---- Persian: «و» between every part ---- */
const FA_ONES = ["", "یک", "دو", "سه", "چهار", "پنج", "شش", "هفت", "هشت", "نه"];
const FA_TEENS = ["ده", "یازده", "دوازده", "سیزده", "چهارده", "پانزده", "شانزده", "هفده", "هجده", "نوزده"];
const FA_TENS = ["", "", "بیست", "سی", "چهل", "پنجاه", "شصت", "هفتاد", "هشتاد", "نود"];
const FA_HUNDREDS = ["", "صد", "دویست", "سیصد", "چهارصد", "پانصد", "ششصد", "هفتصد", "هشتصد", "نهصد"];
const FA_SCALES = ["", "هزار", "میلیون", "میلیارد", "هزار میلیارد"];

function faBelowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(FA_HUNDREDS[Math.floor(n / 100)]!);
  const rest = n % 100;
  if (rest >= 10 && rest < 20) parts.push(FA_TEENS[rest - 10]!);
  else {
    if (rest >= 20) parts.push(FA_TENS[Math.floor(rest / 10)]!);
    if (rest % 10 > 0) parts.push(FA_ONES[rest % 10]!);
  }
  return parts.join(" و ");
}

function persian(n: number): string {
  if (n === 0) return "صفر";
  const parts = groups(n)
    .map((group, index) => {
      if (group === 0) return "";
      // «هزار», not «یک هزار»; «یک میلیون» keeps its one.
      if (index === 1 && group === 1) return FA_SCALES[1]!;
      return [faBelowThousand(group), FA_SCALES[index]].filter(Boolean).join(" ");
    })
    .filter(Boolean)
    .reverse();
  return parts.join(" و ");
}

/* ---- English (US): no "and" ---- */
const EN_ONES = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const EN_TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const EN_SCALES = ["", "thousand", "million", "billion", "trillion"];

function enBelowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${EN_ONES[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 10 && rest < 20) parts.push(EN_TEENS[rest - 10]!);
  else if (rest >= 20)
    parts.push(rest % 10 > 0 ? `${EN_TENS[Math.floor(rest / 10)]}-${EN_ONES[rest % 10]}` : EN_TENS[Math.floor(rest / 10)]!);
  else if (rest > 0) parts.push(EN_ONES[rest]!);
  return parts.join(" ");
}

function english(n: number): string {
  if (n === 0) return "zero";
  return groups(n)
    .map((group, index) => (group === 0 ? "" : [enBelowThousand(group), EN_SCALES[index]].filter(Boolean).join(" ")))
    .filter(Boolean)
    .reverse()
    .join(" ");
}

/* ---- Turkish: "bin", not "bir bin"; "yüz", not "bir yüz" ---- */
const TR_ONES = ["", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"];
const TR_TENS = ["", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan"];
const TR_SCALES = ["", "bin", "milyon", "milyar", "trilyon"];

function trBelowThousand(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  if (hundreds > 0) parts.push(hundreds === 1 ? "yüz" : `${TR_ONES[hundreds]} yüz`);
  if (n % 100 >= 10) parts.push(TR_TENS[Math.floor((n % 100) / 10)]!);
  if (n % 10 > 0) parts.push(TR_ONES[n % 10]!);
  return parts.join(" ");
}

function turkish(n: number): string {
  if (n === 0) return "sıfır";
  return groups(n)
    .map((group, index) => {
      if (group === 0) return "";
      if (index === 1 && group === 1) return "bin";
      return [trBelowThousand(group), TR_SCALES[index]].filter(Boolean).join(" ");
    })
    .filter(Boolean)
    .reverse()
    .join(" ");
}

/* ---- Arabic: the counted noun's number (one, two, three to ten, eleven and more), «و» between parts ---- */
const AR_ONES = ["", "واحد", "اثنان", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة"];
const AR_TEENS = ["عشرة", "أحد عشر", "اثنا عشر", "ثلاثة عشر", "أربعة عشر", "خمسة عشر", "ستة عشر", "سبعة عشر", "ثمانية عشر", "تسعة عشر"];
const AR_TENS = ["", "", "عشرون", "ثلاثون", "أربعون", "خمسون", "ستون", "سبعون", "ثمانون", "تسعون"];
const AR_HUNDREDS = ["", "مائة", "مائتان", "ثلاثمائة", "أربعمائة", "خمسمائة", "ستمائة", "سبعمائة", "ثمانمائة", "تسعمائة"];
/** Per scale: [one of it, two of it, three to ten of it, eleven or more of it]. */
const AR_SCALES: [string, string, string, string][] = [
  ["", "", "", ""],
  ["ألف", "ألفان", "آلاف", "ألف"],
  ["مليون", "مليونان", "ملايين", "مليون"],
  ["مليار", "ملياران", "مليارات", "مليار"],
  ["تريليون", "تريليونان", "تريليونات", "تريليون"],
];

function arBelowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(AR_HUNDREDS[Math.floor(n / 100)]!);
  const rest = n % 100;
  if (rest >= 10 && rest < 20) parts.push(AR_TEENS[rest - 10]!);
  else if (rest >= 20)
    parts.push(rest % 10 > 0 ? `${AR_ONES[rest % 10]} و${AR_TENS[Math.floor(rest / 10)]}` : AR_TENS[Math.floor(rest / 10)]!);
  else if (rest > 0) parts.push(AR_ONES[rest]!);
  return parts.join(" و");
}

function arabic(n: number): string {
  if (n === 0) return "صفر";
  return groups(n)
    .map((group, index) => {
      if (group === 0) return "";
      if (index === 0) return arBelowThousand(group);
      const [one, two, few, many] = AR_SCALES[index]!;
      if (group === 1) return one;
      if (group === 2) return two;
      if (group <= 10) return `${arBelowThousand(group)} ${few}`;
      return `${arBelowThousand(group)} ${many}`;
    })
    .filter(Boolean)
    .reverse()
    .join(" و");
}

const WORDS: Record<Locale, (n: number) => string> = { "fa-IR": persian, "en-US": english, "tr-TR": turkish, "ar-AE": arabic };
