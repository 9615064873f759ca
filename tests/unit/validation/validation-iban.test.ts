import { describe, expect, it } from "vitest";
import { bankFromIban, IRANIAN_BANKS, ibanWithSpaces, isValidIranianIban, normalizeIban } from "@/lib/validation/iban";

/** "IR" + the ISO 13616 check digits + the 24-digit BBAN, computed here with BigInt, independently of the module. */
function iranianIban(bban: string): string {
  const bban24 = bban.padStart(22, "0");
  if (!/^\d{22}$/.test(bban24)) throw new Error(`bad BBAN ${bban}`);
  // "IR00" moved to the end, letters as numbers: I=18, R=27.
  const check = 98n - (BigInt(`${bban24}182700`) % 97n);
  return `IR${String(check).padStart(2, "0")}${bban24}`;
}

const toPersian = (s: string) => s.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹".charAt(Number(d)));

const MELLI = iranianIban("0170000000100324200001");
const PASARGAD = iranianIban("0570028180010653892101");

describe("isValidIranianIban", () => {
  it("accepts IBANs with correct check digits", () => {
    expect(MELLI).toHaveLength(26);
    expect(isValidIranianIban(MELLI)).toBe(true);
    expect(isValidIranianIban(PASARGAD)).toBe(true);
    expect(isValidIranianIban(iranianIban("0120000000000000000001"))).toBe(true);
  });

  it("accepts spaces, lowercase and Persian digits", () => {
    expect(isValidIranianIban(ibanWithSpaces(MELLI))).toBe(true);
    expect(isValidIranianIban(MELLI.toLowerCase())).toBe(true);
    expect(isValidIranianIban(toPersian(MELLI))).toBe(true);
    expect(isValidIranianIban(`\u200E${toPersian(ibanWithSpaces(MELLI))}\u200F`)).toBe(true);
  });

  it("rejects wrong check digits", () => {
    const check = Number(MELLI.slice(2, 4));
    const wrong = `IR${String((check + 1) % 100).padStart(2, "0")}${MELLI.slice(4)}`;
    expect(isValidIranianIban(wrong)).toBe(false);
  });

  it("rejects a mistyped account digit", () => {
    const last = Number(MELLI.slice(-1));
    expect(isValidIranianIban(MELLI.slice(0, -1) + String((last + 1) % 10))).toBe(false);
  });

  it("rejects two swapped neighbouring digits", () => {
    // "…0010 0324…": swap the "3" and "2" of the account number.
    const at = MELLI.indexOf("32", 4);
    expect(at).toBeGreaterThan(4);
    const swapped = `${MELLI.slice(0, at)}23${MELLI.slice(at + 2)}`;
    expect(swapped).not.toBe(MELLI);
    expect(isValidIranianIban(swapped)).toBe(false);
  });

  it("rejects wrong lengths", () => {
    expect(isValidIranianIban(MELLI.slice(0, -1))).toBe(false);
    expect(isValidIranianIban(`${MELLI}0`)).toBe(false);
    expect(isValidIranianIban("")).toBe(false);
    expect(isValidIranianIban("IR")).toBe(false);
  });

  it("rejects other countries, even with valid check digits", () => {
    expect(isValidIranianIban("DE89370400440532013000")).toBe(false);
    expect(isValidIranianIban("GB82WEST12345698765432")).toBe(false);
    // The 24 digits without "IR".
    expect(isValidIranianIban(MELLI.slice(2))).toBe(false);
  });

  it("rejects letters inside the BBAN", () => {
    expect(isValidIranianIban(`${MELLI.slice(0, 20)}ABCDEF`)).toBe(false);
  });
});

describe("normalizeIban and ibanWithSpaces", () => {
  it("normalizes", () => {
    expect(normalizeIban(" ir06 ۰۱۷۰ 0000-0010 ")).toBe("IR06017000000010");
  });

  it("groups by 4", () => {
    expect(ibanWithSpaces(MELLI)).toBe(`${MELLI.slice(0, 4)} 0170 0000 0010 0324 2000 01`);
    expect(ibanWithSpaces(toPersian(MELLI.toLowerCase()))).toBe(ibanWithSpaces(MELLI));
    expect(ibanWithSpaces("IR06")).toBe("IR06");
    expect(ibanWithSpaces("")).toBe("");
  });
});

describe("bankFromIban", () => {
  it("reads the bank code after the check digits", () => {
    expect(bankFromIban(MELLI)).toEqual({ code: "017", id: "melli" });
    expect(bankFromIban(PASARGAD)?.id).toBe("pasargad");
    expect(bankFromIban(ibanWithSpaces(toPersian(iranianIban("0120000000000000000001"))))?.id).toBe("mellat");
  });

  it("works while the IBAN is being typed", () => {
    expect(bankFromIban("IR12 056")?.id).toBe("saman");
    expect(bankFromIban("IR12 05")).toBeNull();
  });

  it("returns null for unknown codes and non-Iranian IBANs", () => {
    expect(bankFromIban(iranianIban("0990000000000000000001"))).toBeNull();
    expect(bankFromIban("DE89370400440532013000")).toBeNull();
    expect(bankFromIban("")).toBeNull();
  });
});

describe("IRANIAN_BANKS", () => {
  it("has unique 3-digit codes and unique lowercase ascii ids", () => {
    const codes = IRANIAN_BANKS.map((bank) => bank.code);
    const ids = IRANIAN_BANKS.map((bank) => bank.id);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(ids).size).toBe(ids.length);
    for (const bank of IRANIAN_BANKS) {
      expect(bank.code).toMatch(/^\d{3}$/);
      expect(bank.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it("maps the well-known codes", () => {
    const byCode = Object.fromEntries(IRANIAN_BANKS.map((bank) => [bank.code, bank.id]));
    expect(byCode).toMatchObject({ "012": "mellat", "015": "sepah", "017": "melli", "018": "tejarat", "056": "saman", "062": "ayandeh" });
  });
});
