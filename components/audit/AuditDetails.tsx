"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { AuditEntry } from "@/lib/api/admin-audit";
import { useMoney } from "@/lib/format/money";

/** Details that are Rials. */
const MONEY = new Set([
  "amount",
  "price",
  "fee",
  "held_wallet",
  "held_earnings",
  "released_wallet",
  "released_earnings",
  "reward",
  "from_booster",
  "absorbed",
]);
/** Actions whose from → to is Rials. */
const MONEY_CHANGES = new Set(["campaign.monthly_budget"]);
/** Ids and storage keys: the entry's links stand for them. */
const HIDDEN = /(^|_)id$|^storage_key$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * An entry's details as "field: value" lines in the reader's language: Rials as money, times as dates,
 * yes/no, a change as "before → after"; ids are left out (the entry links what it is about).
 */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  const t = useTranslations("admin.audit");
  const format = useFormatter();
  const money = useMoney();
  const value = (key: string, raw: unknown): string => {
    if (raw === null || raw === undefined || raw === "") return "—";
    if (typeof raw === "boolean") return raw ? t("yes") : t("no");
    if (typeof raw === "number") return MONEY.has(key) ? money(raw) : format.number(raw);
    if (typeof raw === "string") return ISO_TIME.test(raw) ? format.dateTime(new Date(raw), "dateTime") : raw;
    if (Array.isArray(raw)) return format.list(raw.map((item) => (typeof item === "string" ? label(item) : value(key, item))));
    return format.list(Object.entries(raw as Record<string, unknown>).map(([inner, v]) => `${label(inner)}: ${value(inner, v)}`));
  };
  const label = (key: string) => (t.has(`fields.${key}` as never) ? t(`fields.${key}` as never) : key);
  const details = entry.details;
  const lines: { key: string; name: string; text: string }[] = [];
  if ("from" in details || "to" in details) {
    const side = (raw: unknown) => (MONEY_CHANGES.has(entry.action) && typeof raw === "number" ? money(raw) : value("", raw));
    lines.push({ key: "change", name: t("change"), text: t("fromTo", { before: side(details.from), after: side(details.to) }) });
  }
  for (const [key, raw] of Object.entries(details)) {
    if (key === "from" || key === "to" || HIDDEN.test(key)) continue;
    lines.push({ key, name: label(key), text: value(key, raw) });
  }
  if (lines.length === 0) return null;
  return (
    <>
      <dt className="text-ink-muted">{t("details")}</dt>
      <dd className="min-w-0">
        <ul className="grid gap-0.5 text-ink" data-testid="audit-details">
          {lines.map((line) => (
            <li key={line.key} data-field={line.key} className="[overflow-wrap:anywhere]">
              <span className="text-ink-muted">{line.name}:</span> <bdi>{line.text}</bdi>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
