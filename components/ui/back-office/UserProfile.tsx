"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/Card";
import { useBankName } from "@/components/ui/Iban";
import type { AdminUser } from "@/lib/api/admin";
import { localizeDigits } from "@/lib/format/digits";
import { dateOnly, groupIban } from "./format";

/** One label and value of a back-office card, stacked on a phone. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-surface-line py-2.5 last:border-b-0 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="min-w-0 text-sm font-medium text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** A user's profile as the back office reads it (identity review, the people view). */
export function UserProfile({ user }: { user: AdminUser }) {
  const t = useTranslations("admin.review");
  const tStatus = useTranslations("admin.status");
  const bankName = useBankName();
  const format = useFormatter();
  const locale = useLocale();
  const missing = <span className="font-normal text-ink-faint">{t("notProvided")}</span>;
  const birth = user.birth_date ? dateOnly(user.birth_date) : null;
  return (
    <Card title={t("profile")} id="admin-profile">
      <dl>
        <Row label={t("firstName")}>{user.first_name ? <bdi>{user.first_name}</bdi> : missing}</Row>
        <Row label={t("lastName")}>{user.last_name ? <bdi>{user.last_name}</bdi> : missing}</Row>
        <Row label={t("phone")}>
          {user.phone ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <span dir="ltr">{localizeDigits(user.phone, locale)}</span>
              <span className={`text-xs ${user.phone_verified ? "text-success-600" : "text-ink-faint"}`}>
                ({user.phone_verified ? t("phoneVerified") : t("phoneNotVerified")})
              </span>
            </span>
          ) : (
            missing
          )}
        </Row>
        <Row label={t("email")}>{user.email ? <span dir="ltr">{user.email}</span> : missing}</Row>
        <Row label={t("nationalId")}>
          {user.national_id ? (
            <span dir="ltr" className="font-mono">
              {localizeDigits(user.national_id, locale)}
            </span>
          ) : (
            missing
          )}
        </Row>
        <Row label={t("birthDate")}>
          {birth && user.birth_date ? <time dateTime={user.birth_date}>{format.dateTime(birth, "day")}</time> : missing}
        </Row>
        <Row label={t("bank")}>{bankName(user.bank_name || null) ?? missing}</Row>
        <Row label={t("iban")}>
          {user.iban ? (
            <span dir="ltr" className="inline-block font-mono tracking-wide">
              {groupIban(user.iban)}
            </span>
          ) : (
            missing
          )}
        </Row>
        <Row label={t("status")}>{tStatus(user.identity_status)}</Row>
        {user.identity_rejection_reason ? (
          <Row label={t("previousReason")}>
            <bdi>{user.identity_rejection_reason}</bdi>
          </Row>
        ) : null}
        <Row label={t("joined")}>
          <time dateTime={user.created_at}>{format.dateTime(new Date(user.created_at), "date")}</time>
        </Row>
      </dl>
    </Card>
  );
}
