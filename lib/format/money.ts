"use client";
import { useFormatter, useTranslations } from "next-intl";

/** The one money formatter: integer Rials, digits of the locale, «ریال» after the amount in Persian. */
export function useMoney() {
  const format = useFormatter();
  const t = useTranslations("money");
  return (rials: number | bigint) => t("amount", { amount: format.number(rials, { maximumFractionDigits: 0 }) });
}
