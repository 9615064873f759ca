"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { SelectField, TextField } from "@/components/ui/Field";
import { QueueCard } from "@/components/ui/QueueCard";
import { AUDIT_PER_PAGE, useAuditLog, type AuditEntry, type AuditFilters } from "@/lib/api/admin-audit";
import { localizeDigits } from "@/lib/format/digits";
import { auditTargetTypes } from "@/lib/schemas/audit";
import { FilterBar, useFilters } from "@/components/ui/back-office/FilterBar";
import { useQueuePaging } from "@/components/ui/back-office/use-queue-paging";

/** /admin/audit: every admin action and the system's, newest first — who, what, to what, when, from where — filterable. */
export function AuditLog() {
  const t = useTranslations("admin.audit");
  const { filters, page, setPage, apply } = useFilters<AuditFilters>({ action: "", target_type: "" });
  const query = useAuditLog(filters, page);
  const { rows, card } = useQueuePaging("admin.audit", query, { page, setPage, perPage: AUDIT_PER_PAGE });
  return (
    <QueueCard
      {...card}
      before={
        <FilterBar
          columns="sm:grid-cols-[1fr_1fr_auto]"
          submit={t("filter")}
          onApply={(value) => apply({ action: value("action"), target_type: value("target_type") })}
        >
          <TextField name="action" label={t("action")} hint={t("actionHint")} ltr defaultValue={filters.action} autoComplete="off" />
          <SelectField name="target_type" label={t("targetType")} defaultValue={filters.target_type}>
            <option value="">{t("anyTarget")}</option>
            {auditTargetTypes.map((type) => (
              <option key={type} value={type}>
                {t(`targets.${type}`)}
              </option>
            ))}
          </SelectField>
        </FilterBar>
      }
    >
      <ul className="grid gap-3" aria-busy={query.isFetching || undefined} data-testid="audit-log">
        {rows.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </ul>
    </QueueCard>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const t = useTranslations("admin.audit");
  const format = useFormatter();
  const locale = useLocale();
  const details = Object.keys(entry.details).length ? JSON.stringify(entry.details) : null;
  const ltr = "font-mono text-xs [overflow-wrap:anywhere]";
  return (
    <li className="grid gap-2 rounded-lg border border-surface-line p-3 text-sm" data-testid="audit-entry" data-action={entry.action}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <bdi dir="ltr" className={`${ltr} font-semibold text-ink`}>
          {entry.action}
        </bdi>
        <time dateTime={entry.at} className="text-xs text-ink-muted">
          {format.dateTime(new Date(entry.at), "dateTime")}
        </time>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-ink-muted">{t("who")}</dt>
        <dd className="min-w-0 text-ink">
          {entry.actor ? (
            <>
              <bdi>{entry.actor.name || t("unnamed")}</bdi>{" "}
              {entry.actor.phone ? (
                <span dir="ltr" className="inline-block text-ink-muted">
                  {localizeDigits(entry.actor.phone, locale)}
                </span>
              ) : null}
            </>
          ) : (
            t("system")
          )}
        </dd>
        <dt className="text-ink-muted">{t("target")}</dt>
        <dd className="min-w-0 text-ink">
          {t.has(`targets.${entry.target_type}` as never) ? t(`targets.${entry.target_type}` as never) : entry.target_type}{" "}
          {entry.target_id ? (
            <bdi dir="ltr" className={`${ltr} text-ink-muted`}>
              {entry.target_id}
            </bdi>
          ) : null}
        </dd>
        {entry.ip ? (
          <>
            <dt className="text-ink-muted">{t("from")}</dt>
            <dd dir="ltr" className={`${ltr} text-ink-muted`}>
              {entry.ip}
            </dd>
          </>
        ) : null}
        {details ? (
          <>
            <dt className="text-ink-muted">{t("details")}</dt>
            <dd dir="ltr" className={`${ltr} text-ink`}>
              {details}
            </dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}
