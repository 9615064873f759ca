"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { TextField } from "@/components/ui/Field";
import { QueueCard } from "@/components/ui/QueueCard";
import { StatusPill } from "@/components/ui/StatusPill";
import { PEOPLE_PER_PAGE, usePeople, type Person } from "@/lib/api/admin-people";
import { localizeDigits } from "@/lib/format/digits";
import { Link } from "@/lib/i18n/link";
import { FilterBar, useFilters } from "@/components/ui/back-office/FilterBar";
import { useQueuePaging } from "@/components/ui/back-office/use-queue-paging";
import { fullName } from "@/components/ui/back-office/format";

/** /admin/users: find a person by phone, e-mail, national ID or name; newest first; each opens their overview. */
export function PeopleSearch() {
  const t = useTranslations("admin.people");
  const { filters: q, page, setPage, apply } = useFilters("");
  const query = usePeople(q, page);
  const { rows, card } = useQueuePaging("admin.people", query, { page, setPage, perPage: PEOPLE_PER_PAGE }, q ? t("noMatch") : undefined);
  return (
    <QueueCard
      {...card}
      before={
        <FilterBar columns="sm:grid-cols-[1fr_auto]" submit={t("find")} onApply={(value) => apply(value("q"))}>
          <TextField name="q" type="search" label={t("search")} hint={t("searchHint")} defaultValue={q} autoComplete="off" />
        </FilterBar>
      }
    >
      <ul className="grid gap-3" aria-busy={query.isFetching || undefined} data-testid="people">
        {rows.map((person) => (
          <PersonRow key={person.id} person={person} />
        ))}
      </ul>
    </QueueCard>
  );
}

function PersonRow({ person }: { person: Person }) {
  const t = useTranslations("admin.people");
  const tStatus = useTranslations("admin.status");
  const format = useFormatter();
  const locale = useLocale();
  return (
    <li data-testid="person" className="rounded-lg border border-surface-line">
      <Link
        href={`/admin/users/${person.id}`}
        className="grid gap-1 rounded-lg p-3 text-sm hover:bg-surface-sunken focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="flex flex-wrap items-center justify-between gap-2">
          <bdi className="font-semibold text-ink">{fullName(person) ?? t("unnamed")}</bdi>
          <span className="flex flex-wrap gap-1.5">
            {person.role === "admin" ? <StatusPill tone="info">{t("admin")}</StatusPill> : null}
            {person.banned_until ? (
              <StatusPill tone="danger">{t("bannedUntil", { date: format.dateTime(new Date(person.banned_until), "date") })}</StatusPill>
            ) : null}
          </span>
        </span>
        <span className="flex flex-wrap gap-x-4 gap-y-1 text-ink-muted">
          {person.phone ? (
            <span dir="ltr" className="inline-block">
              {localizeDigits(person.phone, locale)}
            </span>
          ) : null}
          {person.email ? (
            <span dir="ltr" className="inline-block [overflow-wrap:anywhere]">
              {person.email}
            </span>
          ) : null}
          {person.national_id ? (
            <span dir="ltr" className="inline-block font-mono">
              {localizeDigits(person.national_id, locale)}
            </span>
          ) : null}
          <span>{tStatus(person.identity_status)}</span>
        </span>
      </Link>
    </li>
  );
}
