import { normalizeDigits } from "./digits";

/**
 * Iranian bank codes as they appear in a Sheba (IBAN) number, with stable ids. Display names come from translations
 * (`banks.<id>`). Some of these banks have merged into others (e.g. into Sepah) but their codes still identify them.
 */
export const IRANIAN_BANKS = [
  { code: "010", id: "markazi" },
  { code: "011", id: "sanat-o-madan" },
  { code: "012", id: "mellat" },
  { code: "013", id: "refah" },
  { code: "014", id: "maskan" },
  { code: "015", id: "sepah" },
  { code: "016", id: "keshavarzi" },
  { code: "017", id: "melli" },
  { code: "018", id: "tejarat" },
  { code: "019", id: "saderat" },
  { code: "020", id: "tosee-saderat" },
  { code: "021", id: "post-bank" },
  { code: "022", id: "tosee-taavon" },
  { code: "051", id: "tosee" },
  { code: "052", id: "ghavamin" },
  { code: "053", id: "karafarin" },
  { code: "054", id: "parsian" },
  { code: "055", id: "eghtesad-novin" },
  { code: "056", id: "saman" },
  { code: "057", id: "pasargad" },
  { code: "058", id: "sarmayeh" },
  { code: "059", id: "sina" },
  { code: "060", id: "mehr-iran" },
  { code: "061", id: "shahr" },
  { code: "062", id: "ayandeh" },
  { code: "063", id: "ansar" },
  { code: "064", id: "gardeshgari" },
  { code: "065", id: "hekmat-iranian" },
  { code: "066", id: "dey" },
  { code: "069", id: "iran-zamin" },
  { code: "070", id: "resalat" },
  { code: "073", id: "kosar" },
  { code: "075", id: "melal" },
  { code: "078", id: "middle-east" },
  { code: "079", id: "mehr-eqtesad" },
  { code: "080", id: "noor" },
  { code: "095", id: "iran-venezuela" },
] as const satisfies readonly { code: string; id: string }[];

export type IranianBank = (typeof IRANIAN_BANKS)[number];
export type BankId = IranianBank["id"];

const BANKS_BY_CODE: ReadonlyMap<string, IranianBank> = new Map(IRANIAN_BANKS.map((bank) => [bank.code, bank]));

const FORMATTING = /[\s\-\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** The IBAN without spaces, dashes or invisible marks, uppercased, with Persian/Arabic-Indic digits made ASCII. */
export function normalizeIban(input: string): string {
  return normalizeDigits(input).replace(FORMATTING, "").toUpperCase();
}

/** ISO 13616 / ISO 7064 mod-97 of an IBAN (already normalized): 1 for a correct one. */
function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    // Letters count as two digits, A=10 … Z=35.
    remainder = code >= 65 ? (remainder * 100 + (code - 55)) % 97 : (remainder * 10 + (code - 48)) % 97;
  }
  return remainder;
}

/** Whether the input is an Iranian IBAN (Sheba): "IR" + 24 digits with correct check digits. Spaces and Persian digits allowed. */
export function isValidIranianIban(input: string): boolean {
  const iban = normalizeIban(input);
  return /^IR\d{24}$/.test(iban) && ibanMod97(iban) === 1;
}

/**
 * The bank of an Iranian IBAN, from the 3 digits after "IR" and the check digits, or null when unknown. Works on
 * a partly typed IBAN too (from "IR" + 5 digits on), so a form can show the bank while the user types; it does not
 * check the check digits — use isValidIranianIban for that.
 */
export function bankFromIban(iban: string): IranianBank | null {
  const code = /^IR\d{2}(\d{3})/.exec(normalizeIban(iban))?.[1];
  return code ? (BANKS_BY_CODE.get(code) ?? null) : null;
}

/** The normalized IBAN in groups of 4 for display: "IR06 0170 0000 0010 0324 2000 01". */
export function ibanWithSpaces(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}
