"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { SelectField } from "@/components/ui/Field";
import { QueueCard } from "@/components/ui/QueueCard";
import { AUDIT_PER_PAGE, useAuditLog, type AuditEntry, type AuditFilters } from "@/lib/api/admin-audit";
import { localizeDigits } from "@/lib/format/digits";
import { Link } from "@/lib/i18n/link";
import { auditActions, auditTargetTypes } from "@/lib/schemas/audit";
import { FilterBar, useFilters } from "@/components/ui/back-office/FilterBar";
import { useQueuePaging } from "@/components/ui/back-office/use-queue-paging";
import { AuditDetails } from "./AuditDetails";

const linkClass = "font-semibold text-brand-700 hover:underline";

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
          <SelectField name="action" label={t("action")} defaultValue={filters.action}>
            <option value="">{t("anyAction")}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {t(`actions.${action}`)}
              </option>
            ))}
          </SelectField>
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

/** An action's name in the reader's language (its code, left to right, for one this page does not know). */
function ActionName({ action }: { action: string }) {
  const t = useTranslations("admin.audit");
  if (t.has(`actions.${action}` as never)) return <>{t(`actions.${action}` as never)}</>;
  return (
    <bdi dir="ltr" className="font-mono text-xs">
      {action}
    </bdi>
  );
}

/** Where the target is seen in the back office, if it has a page there. */
function targetHref(entry: AuditEntry): string | null {
  const { subject } = entry;
  if (subject?.campaign_id) return `/admin/campaigns/${subject.campaign_id}`;
  if (subject?.user_id) return `/admin/users/${subject.user_id}`;
  if (entry.target_type === "content_page" && entry.target_id) return `/admin/pages/${entry.target_id.split(":")[0]}`;
  if (entry.target_type === "membership_plan") return "/admin/memberships";
  if (entry.target_type === "pricing") return "/admin/pricing";
  return null;
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const t = useTranslations("admin.audit");
  const format = useFormatter();
  const locale = useLocale();
  const href = targetHref(entry);
  const kind = t.has(`targets.${entry.target_type}` as never) ? t(`targets.${entry.target_type}` as never) : entry.target_type;
  const name = entry.subject?.name ?? (entry.target_type === "content_page" ? entry.target_id : null);
  return (
    <li className="grid gap-2 rounded-lg border border-surface-line p-3 text-sm" data-testid="audit-entry" data-action={entry.action}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-ink">
          <ActionName action={entry.action} />
        </span>
        <time dateTime={entry.at} className="text-xs text-ink-muted">
          {format.dateTime(new Date(entry.at), "dateTime")}
        </time>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-ink-muted">{t("who")}</dt>
        <dd className="min-w-0 text-ink">
          {entry.actor ? (
            <>
              <Link href={`/admin/users/${entry.actor.id}`} className={linkClass}>
                <bdi>{entry.actor.name || t("unnamed")}</bdi>
              </Link>{" "}
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
        <dd className="min-w-0 text-ink" data-testid="audit-target">
          {kind}
          {name || href ? ": " : null}
          {href ? (
            <Link href={href} className={linkClass}>
              <bdi>{name ?? kind}</bdi>
            </Link>
          ) : name ? (
            <bdi>{name}</bdi>
          ) : null}
        </dd>
        {entry.ip ? (
          <>
            <dt className="text-ink-muted">{t("from")}</dt>
            <dd dir="ltr" className="font-mono text-xs text-ink-muted [overflow-wrap:anywhere]">
              {localizeDigits(entry.ip, locale)}
            </dd>
          </>
        ) : null}
        <AuditDetails entry={entry} />
      </dl>
    </li>
  );
}
