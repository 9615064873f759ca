"use client";
import { useFormatter, useTranslations } from "next-intl";

/** Rials to Tomans, rounded down (kept here, not with the price list: the landing page formats money without it). */
export function rialsToToman(rials: number): number {
  return Math.floor(rials / 10);
}

/**
 * The one money formatter: integer Rials, digits of the locale, «ریال» after the amount in Persian.
 * `words` gives summaries in number words (۵ میلیون ریال, 5 million IRR); `toman` quotes a price in
 * tomans (a tenth of the Rials, rounded down: ۵۰۰٬۰۰۰ تومان) where the product quotes prices that way.
 */
export function useMoney() {
  const format = useFormatter();
  const t = useTranslations("money");
  return Object.assign((rials: number | bigint) => t("amount", { amount: format.number(rials, "rials") }), {
    words: (rials: number) => t("amount", { amount: format.number(rials, "words") }),
    toman: (rials: number) => t("toman", { amount: format.number(rialsToToman(rials), "rials") }),
  });
}
