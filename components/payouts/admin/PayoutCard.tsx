"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Iban, useBankName } from "@/components/ui/Iban";
import { PayoutHistory } from "@/components/payouts/PayoutList";
import { PayoutReason } from "@/components/payouts/PayoutReason";
import { payoutTones } from "@/components/ui/status-badges";
import { Checkbox } from "@/components/ui/Checkbox";
import { CardFields } from "@/components/ui/DataTable";
import { StatusLabel, StatusPill } from "@/components/ui/StatusPill";
import type { AdminPayoutView } from "@/lib/api/admin-payouts";
import { localizeDigits } from "@/lib/format/digits";
import { useMoney } from "@/lib/format/money";
import { fullName } from "@/components/ui/back-office/format";
import { UserName } from "@/components/ui/back-office/UserName";
import { IbanCheck } from "./IbanCheck";
import type { Notice } from "@/components/ui/back-office/use-bulk-approval";
import { PayoutActions } from "./PayoutActions";
import { SlaTimer } from "./sla";

/** An IBAN changed less than this long ago is flagged on its payouts. */
export const IBAN_CHANGE_WARNING_DAYS = 7;
const DAY = 24 * 60 * 60_000;

/** Whether the booster changed their IBAN within the last IBAN_CHANGE_WARNING_DAYS days at `now`. */
export function ibanChangedRecently(changedAt: string | null, now: number): boolean {
  return changedAt !== null && now - new Date(changedAt).getTime() < IBAN_CHANGE_WARNING_DAYS * DAY;
}

/**
 * One payout in the back office's queue: who asks and how much, where it goes and what is known of that account,
 * the booster's record and plan, how long it has waited, the 24-hour promise once approved, its history and the
 * steps its status allows.
 */
export function PayoutCard({
  row,
  now,
  planName,
  selection,
  onNotice,
}: {
  row: AdminPayoutView;
  now: number;
  planName: (code: string) => string;
  /** Pending payouts can be chosen for bulk approval. */
  selection: { selected: boolean; onSelect: (on: boolean) => void } | null;
  onNotice: (notice: Notice) => void;
}) {
  const t = useTranslations("admin.payouts");
  const tNotProvided = useTranslations("admin.review");
  const format = useFormatter();
  const locale = useLocale();
  const money = useMoney();
  const bankName = useBankName();
  const name = fullName(row.user) ?? tNotProvided("notProvided");
  const amount = <span className="text-lg font-bold tabular-nums text-ink">{money(row.amount)}</span>;
  const who = <span className="font-bold text-ink">{fullName(row.user) ? <UserName user={row.user} /> : tNotProvided("notProvided")}</span>;
  const date = (iso: string) => <time dateTime={iso}>{format.dateTime(new Date(iso), "dateTime")}</time>;
  const ago = (iso: string) => (
    <time dateTime={iso} title={format.dateTime(new Date(iso), "dateTime")}>
      {format.relativeTime(new Date(iso), now)}
    </time>
  );
  const sent = row.status === "approved" || row.status === "active";

  const facts: [string, ReactNode][] = [
    [
      t("fields.phone"),
      row.user.phone ? (
        <span key="phone" dir="ltr" className="inline-block">
          {localizeDigits(row.user.phone, locale)}
        </span>
      ) : (
        tNotProvided("notProvided")
      ),
    ],
    [
      t("fields.iban"),
      <span key="iban" className="grid justify-items-start gap-0.5">
        <Iban iban={row.iban} className="font-semibold" />
        <span className="text-xs text-ink-muted">{bankName(row.bank_name) ?? t("bankUnknown")}</span>
      </span>,
    ],
    [t("fields.ibanCheck"), <IbanCheck key="check" check={row.iban_check} />],
    [
      t("fields.successRate"),
      row.success_rate === null ? t("noRecord") : format.number(Math.min(1, Math.max(0, row.success_rate)), "percent"),
    ],
    [t("fields.plan"), row.plan ? <bdi>{planName(row.plan)}</bdi> : t("noPlan")],
    [t("fields.requested"), ago(row.created_at)],
  ];
  if (row.approved_at) facts.push([t("fields.approvedAt"), date(row.approved_at)]);
  if (sent && row.due_at) facts.push([t("fields.due"), <SlaTimer key="sla" dueAt={row.due_at} now={now} />]);
  if (row.rail) facts.push([t("fields.rail"), t(`rails.${row.rail}`)]);
  if (row.submitted_at) facts.push([t("fields.submittedAt"), date(row.submitted_at)]);
  if (sent && row.expected_arrival) facts.push([t("fields.expectedArrival"), date(row.expected_arrival)]);
  if (row.settled_at) facts.push([t("fields.settledAt"), date(row.settled_at)]);
  if (row.bank_reference)
    facts.push([
      t("fields.bankReference"),
      <span key="ref" dir="ltr" className="inline-block font-mono [overflow-wrap:anywhere]">
        {row.bank_reference}
      </span>,
    ]);
  if (row.reason || row.reason_code)
    facts.push([t("fields.reason"), <PayoutReason key="reason" code={row.reason_code} text={row.reason} />]);

  return (
    <li className="grid gap-3 rounded-lg border border-surface-line p-4" data-testid="admin-payout">
      <div className="flex flex-wrap items-start justify-between gap-2">
        {selection ? (
          <Checkbox
            label={
              <span className="grid gap-0.5">
                <span className="sr-only">{t("select")}</span>
                {who}
                {amount}
              </span>
            }
            checked={selection.selected}
            onChange={(event) => selection.onSelect(event.target.checked)}
          />
        ) : (
          <span className="grid gap-0.5">
            {who}
            {amount}
          </span>
        )}
        <StatusLabel status={row.status} tones={payoutTones} messages="payouts.status" />
      </div>
      {ibanChangedRecently(row.iban_changed_at, now) && row.iban_changed_at ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-amber-800" data-testid="payout-iban-changed">
          <StatusPill tone="warning" wrap>
            {t("ibanChangedTag")}
          </StatusPill>
          <span>{t("ibanChanged", { when: format.relativeTime(new Date(row.iban_changed_at), now) })}</span>
        </p>
      ) : null}
      <CardFields items={facts} stack className="[overflow-wrap:anywhere]" />
      <PayoutHistory row={row} />
      <PayoutActions row={row} name={name} onNotice={onNotice} />
    </li>
  );
}
