"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { NotificationView } from "@/lib/api/notifications";
import { useMoney } from "@/lib/format/money";
import { localizeDigits } from "@/lib/format/digits";

/**
 * A notification in the reader's current language: its kind's words with its parameters — amounts in
 * Rials in the reader's digits, dates in their calendar, a plan by its name in their language.
 */
export function useNotificationText() {
  const t = useTranslations("notifications.kinds");
  const format = useFormatter();
  const money = useMoney();
  const locale = useLocale();
  return (notification: Pick<NotificationView, "kind" | "params">): string => {
    const p = notification.params;
    const text = (key: string) => (typeof p[key] === "string" ? (p[key] as string) : "");
    // What others wrote (a campaign's name, a reason) in its own direction; a phone number and an address left to right.
    const isolated = (value: string) => (value ? `\u2068${value}\u2069` : "");
    const amount = (key: string) => (typeof p[key] === "number" ? money(p[key] as number) : "");
    const when = p.release_at ?? p.due_at ?? p.ends_at ?? null;
    return t(notification.kind, {
      amount: amount("amount"),
      reward: amount("reward"),
      date: typeof when === "string" ? format.dateTime(new Date(when), "dateTime") : "",
      campaign: isolated(text("campaign")),
      reason: isolated(text("reason")),
      note: isolated(text("note")),
      plan: text(`plan:${locale}`) || text("plan"),
      phone: text("phone") ? `\u2066${localizeDigits(text("phone"), locale)}\u2069` : "",
      url: text("url") ? `\u2066${text("url")}\u2069` : "",
    });
  };
}
