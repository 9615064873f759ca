"use client";
import { useFormatter, useTranslations } from "next-intl";

/**
 * The one money formatter: integer Rials, digits of the locale, «ریال» after the amount in Persian.
 * `words` gives summaries in number words (۵ میلیون ریال, 5 million IRR).
 */
export function useMoney() {
  const format = useFormatter();
  const t = useTranslations("money");
  return Object.assign((rials: number | bigint) => t("amount", { amount: format.number(rials, "rials") }), {
    words: (rials: number) => t("amount", { amount: format.number(rials, "words") }),
  });
}
