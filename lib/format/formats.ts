import type { Formats } from "next-intl";

/**
 * The named formats every page uses (next-intl's `formats`: lib/i18n/request.ts hands them to the server and
 * the client providers). Components write `format.dateTime(date, "date")`, `format.number(n, "percent")`; the
 * locale supplies the digits (Persian in fa-IR) and the calendar.
 */
export const formats = {
  dateTime: {
    /** A day: "Mar 20, 2025". */
    date: { dateStyle: "medium" },
    /** A day and the time: "Mar 20, 2025, 3:30 PM" (transactions, requests). */
    dateTime: { dateStyle: "medium", timeStyle: "short" },
    /** The time of day: "3:30 PM" (a deadline later today). */
    time: { timeStyle: "short" },
    /** Day and time in few characters (tables with many columns). */
    compact: { dateStyle: "short", timeStyle: "short" },
    /** A day in words: "March 20, 2025" (a page's last update). */
    long: { dateStyle: "long" },
    /** A calendar day sent as "YYYY-MM-DD" (a birth date): at UTC midnight, so it never shifts a day. */
    day: { dateStyle: "long", timeZone: "UTC" },
    /**
     * The name of a Tehran month (Solar Hijri, whatever the locale's own calendar): "Azar", «آذر»; given a
     * day inside it at UTC midnight. A Smart campaign's monthly budget runs by these months.
     */
    tehranMonth: { month: "long", calendar: "persian", timeZone: "UTC" },
  },
  number: {
    /** Whole Rials. */
    rials: { maximumFractionDigits: 0 },
    /** "5 million": figures in words for summaries. */
    words: { notation: "compact", compactDisplay: "long", maximumFractionDigits: 1 },
    /** "5M": a figure in a tight place (the header's balance). */
    short: { notation: "compact", maximumFractionDigits: 1 },
    /** 0.25 → "25%". */
    percent: { style: "percent", maximumFractionDigits: 0 },
    /** 0.075 → "7.5%": a rate that may have decimals (the platform fee). */
    rate: { style: "percent", maximumFractionDigits: 2 },
    /** A year, without a thousands separator. */
    year: { useGrouping: false },
  },
} as const satisfies Formats;
