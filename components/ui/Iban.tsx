"use client";
import { useLocale, useTranslations } from "next-intl";
import { localizeDigits } from "@/lib/format/digits";
import { ibanWithSpaces } from "@/lib/validation/iban";

/** A bank id (from the IBAN's bank code) as its name in the page's language; an id this version does not know as it came. */
export function useBankName() {
  const banks = useTranslations("banks");
  return (id: string | null) => (id === null ? null : banks.has(id as never) ? banks(id as never) : id);
}

/** An IBAN in groups of four, left to right in any page, in the locale's digits. */
export function Iban({ iban, className = "" }: { iban: string; className?: string }) {
  const locale = useLocale();
  return (
    <span dir="ltr" className={`inline-block tracking-wide tabular-nums [overflow-wrap:anywhere] ${className}`.trim()}>
      {localizeDigits(ibanWithSpaces(iban), locale)}
    </span>
  );
}
