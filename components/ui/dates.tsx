"use client";
import { useFormatter, useTranslations } from "next-intl";
import { NoValue } from "@/components/ui/NoValue";

/** A date, or a dash read out as "not set". */
export function useDates() {
  const format = useFormatter();
  const t = useTranslations("campaigns");
  return function date(iso: string | null) {
    return iso ? <time dateTime={iso}>{format.dateTime(new Date(iso), "date")}</time> : <NoValue label={t("notSet")} />;
  };
}
