"use client";
import { useFormatter, useTranslations } from "next-intl";
import { forwardRef, type ComponentProps } from "react";
import { TextField } from "@/components/ui/Field";
import { CAMPAIGN_END_MAX_DAYS } from "@/lib/schemas/campaigns";
import { addDays, tehranDay } from "@/lib/time/tehran";
import { dayDate } from "@/lib/time/tehran";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string | undefined): text is string => Boolean(text && DAY.test(text) && !Number.isNaN(dayDate(text).getTime()));

/** The Tehran days a running campaign's days may be picked from: today up to CAMPAIGN_END_MAX_DAYS ahead. */
export function dayBounds(now: Date = new Date()): { min: string; max: string } {
  const min = tehranDay(now);
  return { min, max: addDays(min, CAMPAIGN_END_MAX_DAYS) };
}

/** A Tehran day ("YYYY-MM-DD") in the locale's calendar and digits (Jalali in fa-IR), never shifted by a time zone. */
export function useDay() {
  const format = useFormatter();
  return (day: string) => format.dateTime(dayDate(day), "day");
}

/**
 * A Tehran day picked in the browser's own date control, bounded to today up to a year ahead; under it,
 * the day picked written in the locale's calendar (the control may show another) or, before one is, the range.
 */
export const DayField = forwardRef<
  HTMLInputElement,
  Omit<ComponentProps<typeof TextField>, "type" | "min" | "max" | "hint" | "ltr"> & { day: string | undefined }
>(function DayField({ day, ...props }, ref) {
  const t = useTranslations("campaigns.day");
  const show = useDay();
  const { min, max } = dayBounds();
  const hint = isDay(day) ? t("chosen", { date: show(day) }) : t("range", { min: show(min), max: show(max) });
  return <TextField ref={ref} type="date" ltr min={min} max={max} hint={hint} {...props} />;
});
