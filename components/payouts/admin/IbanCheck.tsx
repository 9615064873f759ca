"use client";
import { useFormatter, useTranslations } from "next-intl";
import { StatusPill, type StatusTone } from "@/components/ui/StatusPill";
import type { IbanCheckView } from "@/lib/schemas/payouts";

const tones: Record<NonNullable<IbanCheckView["status"]> | "none", StatusTone> = {
  matched: "success",
  mismatch: "danger",
  format_only: "muted",
  none: "muted",
};

/**
 * What is known of the IBAN's owner: the provider matched it to the booster (with the holder's name), it belongs
 * to someone else (a warning, with that name), only its checksum was checked, or nothing yet.
 */
export function IbanCheck({ check }: { check: IbanCheckView }) {
  const t = useTranslations("admin.payouts.check");
  const format = useFormatter();
  const status = check.status ?? "none";
  return (
    <span className="grid justify-items-start gap-1" data-testid="payout-iban-check" data-status={status}>
      <StatusPill tone={tones[status]} wrap>
        {t(status)}
      </StatusPill>
      {check.owner_name && check.status !== "format_only" ? (
        <span className={check.status === "mismatch" ? "font-semibold text-danger-600" : "text-ink"}>
          {t("owner")} <bdi>{check.owner_name}</bdi>
        </span>
      ) : null}
      {check.status === "mismatch" ? <span className="text-xs text-danger-600">{t("mismatchHint")}</span> : null}
      {check.checked_at ? (
        <span className="text-xs text-ink-muted">
          {t("checkedAt")} <time dateTime={check.checked_at}>{format.dateTime(new Date(check.checked_at), "dateTime")}</time>
        </span>
      ) : null}
    </span>
  );
}
