/**
 * Arabic-script letters in their contextual forms (Unicode's presentation forms), for the Open
 * Graph card: the image renderer behind next/og measures a word with its letters' isolated widths
 * but draws them joined, which leaves holes between words. Text already shaped here is measured
 * and drawn alike. Covers the letters of Persian and Arabic with their presentation forms,
 * lam-alef ligatures and transparent marks; ZWNJ stops joining and is then dropped.
 */

type Forms = { isolated: string; final: string; initial?: string; medial?: string };

/** Unicode's presentation forms, grouped by the letter they stand for (NFKC gives it back). */
function buildForms(): Map<string, Forms> {
  const groups = new Map<string, string[]>();
  const ranges: [number, number][] = [
    [0xfb50, 0xfbff],
    [0xfe70, 0xfefc],
  ];
  for (const [from, to] of ranges) {
    for (let code = from; code <= to; code++) {
      const char = String.fromCodePoint(code);
      const base = char.normalize("NFKC");
      if (base === char || [...base].length !== 1 || !/\p{Script=Arabic}/u.test(base) || /\p{M}/u.test(base)) continue;
      const list = groups.get(base) ?? [];
      // Only a run of consecutive code points is one letter's set of forms.
      if (list.length && list.at(-1)!.codePointAt(0)! !== code - 1) continue;
      list.push(char);
      groups.set(base, list);
    }
  }
  const forms = new Map<string, Forms>();
  for (const [base, list] of groups) {
    if (list.length === 4) forms.set(base, { isolated: list[0]!, final: list[1]!, initial: list[2]!, medial: list[3]! });
    else if (list.length === 2) forms.set(base, { isolated: list[0]!, final: list[1]! });
  }
  return forms;
}

let table: Map<string, Forms> | null = null;
const LAM = "\u0644";
const LAM_ALEF: Record<string, [string, string]> = {
  "\u0622": ["\ufef5", "\ufef6"],
  "\u0623": ["\ufef7", "\ufef8"],
  "\u0625": ["\ufef9", "\ufefa"],
  "\u0627": ["\ufefb", "\ufefc"],
};
const ZWNJ = "\u200c";
const isMark = (char: string) => /\p{M}/u.test(char);

/** The text with every Arabic-script letter in the form its neighbours call for. */
export function shapeArabic(text: string): string {
  table ??= buildForms();
  const forms = table;
  const chars = [...text];
  const joinsForward = (char: string | undefined) => Boolean(char && forms.get(char)?.initial);
  const joinsBack = (char: string | undefined) => Boolean(char && forms.has(char));
  /** The next letter after i, skipping marks. */
  const next = (i: number) => {
    for (let j = i + 1; j < chars.length; j++) if (!isMark(chars[j]!)) return { char: chars[j]!, index: j };
    return { char: undefined, index: chars.length };
  };
  let out = "";
  let previous: string | undefined; // the last letter, when it may join the one that follows
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (isMark(char)) {
      out += char;
      continue;
    }
    const shape = forms.get(char);
    if (!shape) {
      previous = undefined;
      if (char !== ZWNJ) out += char;
      continue;
    }
    const joinedBefore = joinsForward(previous);
    const after = next(i);
    if (char === LAM && after.char && LAM_ALEF[after.char]) {
      const [isolated, final] = LAM_ALEF[after.char]!;
      out += joinedBefore ? final : isolated;
      // Marks between lam and alef stay; the alef is in the ligature.
      for (let j = i + 1; j < after.index; j++) out += chars[j];
      i = after.index;
      previous = undefined; // the ligature ends in alef, which never joins forward
      continue;
    }
    const joinedAfter = Boolean(shape.initial) && joinsBack(after.char);
    if (joinedBefore && joinedAfter) out += shape.medial!;
    else if (joinedBefore) out += shape.final;
    else if (joinedAfter) out += shape.initial!;
    else out += shape.isolated;
    previous = char;
  }
  return out;
}

/**
 * A shaped right-to-left word in the order its glyphs are drawn from the left (the renderer draws
 * presentation forms in the order given): letters reversed, each keeping its marks after it, and
 * runs of digits or Latin letters kept as they read.
 */
export function visualOrder(word: string): string {
  if (!/\p{Script=Arabic}/u.test(word)) return word;
  const clusters = word.match(/[0-9A-Za-z\u06F0-\u06F9\u0660-\u0669]+|\P{M}\p{M}*|\p{M}+/gu) ?? [];
  return clusters.reverse().join("");
}
