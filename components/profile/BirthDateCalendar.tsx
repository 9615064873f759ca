"use client";
import { DayPicker } from "react-day-picker";
import { ar, enUS, tr } from "react-day-picker/locale";
import { DayPicker as PersianDayPicker } from "react-day-picker/persian";
import "react-day-picker/style.css";

type Props = {
  locale: string;
  selected: Date | undefined;
  onSelect: (date: Date | undefined) => void;
};

const gregorianLocales = { "en-US": enUS, "tr-TR": tr, "ar-AE": ar } as const;

/** The month grid itself: the Persian (Jalali) calendar in fa-IR, the Gregorian one elsewhere. Loaded on demand. */
export default function BirthDateCalendar({ locale, selected, onSelect }: Props) {
  const now = new Date();
  // The shared schema accepts ages 13 to 120.
  const latest = new Date(now.getFullYear() - 13, now.getMonth(), now.getDate(), 12);
  const common = {
    mode: "single" as const,
    selected,
    onSelect,
    autoFocus: true,
    captionLayout: "dropdown" as const,
    startMonth: new Date(now.getFullYear() - 120, 0),
    endMonth: latest,
    disabled: { after: latest },
    defaultMonth: selected ?? new Date(now.getFullYear() - 25, 0),
    className:
      "[--rdp-accent-background-color:#eef6ff] [--rdp-accent-color:#1d59f1] [--rdp-day-height:2.5rem] [--rdp-day-width:2.5rem] [--rdp-day_button-height:2.375rem] [--rdp-day_button-width:2.375rem]",
  };
  if (locale === "fa-IR") return <PersianDayPicker {...common} />;
  const dayPickerLocale = gregorianLocales[locale as keyof typeof gregorianLocales] ?? enUS;
  return <DayPicker {...common} locale={dayPickerLocale} dir={locale === "ar-AE" ? "rtl" : "ltr"} />;
}
