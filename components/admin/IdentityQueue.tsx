"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { DataTable, type Column } from "@/components/ui/DataTable";
import { EmptyState } from "@/components/ui/EmptyState";
import { Pagination, pageCount } from "@/components/ui/Pagination";
import { QueueCard } from "@/components/ui/QueueCard";
import { IDENTITY_QUEUE_PER_PAGE, useIdentityQueue, type AdminUser } from "@/lib/api/admin";
import { Link } from "@/lib/i18n/navigation";
import { adminStates } from "./AdminStates";
import { fullName } from "./format";
import { UserName } from "./UserName";

/** The identity verification queue: pending requests, oldest first, a page at a time. */
export function IdentityQueue({ perPage = IDENTITY_QUEUE_PER_PAGE }: { perPage?: number }) {
  const t = useTranslations("admin.queue");
  const tReview = useTranslations("admin.review");
  const format = useFormatter();
  const [page, setPage] = useState(1);
  const query = useIdentityQueue(page, perPage);

  const total = query.data?.meta.total ?? 0;
  const pages = pageCount(total, query.data?.meta.per_page || perPage);
  const rows = query.data?.data ?? [];
  const notProvided = <span className="text-ink-faint">{tReview("notProvided")}</span>;
  const ltr = (value: string | null, className: string): ReactNode =>
    value ? (
      <span dir="ltr" className={className}>
        {value}
      </span>
    ) : (
      notProvided
    );
  const columns: Column<AdminUser>[] = [
    { key: "name", header: t("name"), cell: (user) => (fullName(user) ? <UserName user={user} /> : tReview("notProvided")) },
    { key: "phone", header: t("phone"), cell: (user) => ltr(user.phone, "inline-block") },
    { key: "nationalId", header: t("nationalId"), cell: (user) => ltr(user.national_id, "inline-block font-mono") },
    {
      key: "requested",
      header: t("requested"),
      className: "text-ink-muted",
      cell: (user) => (
        <time dateTime={user.identity_requested_at ?? user.created_at}>
          {format.dateTime(new Date(user.identity_requested_at ?? user.created_at), { dateStyle: "medium", timeStyle: "short" })}
        </time>
      ),
    },
    {
      key: "actions",
      header: t("actions"),
      hiddenHeader: true,
      headerClassName: "px-3 py-2 text-end font-medium",
      className: "text-end",
      cell: (user) => (
        <Link
          href={`/admin/identity/${user.id}`}
          aria-label={t("reviewFor", { name: fullName(user) ?? tReview("notProvided") })}
          className="inline-flex rounded-lg px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t("review")}
        </Link>
      ),
    },
  ];

  return (
    <QueueCard
      heading={t("heading")}
      intro={t("intro")}
      query={query}
      {...adminStates}
      empty={
        rows.length === 0 ? (
          <EmptyState padding="py-8" firstPage={page > 1 ? { label: t("firstPage"), onClick: () => setPage(1) } : null}>
            {t("empty")}
          </EmptyState>
        ) : null
      }
      count={t("count", { count: total })}
      pagination={<Pagination page={page} pages={pages} busy={query.isFetching} onPage={setPage} messages="admin.queue" />}
    >
      <DataTable
        rows={rows}
        rowKey={(user) => user.id}
        columns={columns}
        caption={t("caption")}
        minWidth="min-w-[36rem]"
        rowHeaderClassName="font-semibold text-ink"
        rowClassName=""
        busy={query.isFetching}
      />
    </QueueCard>
  );
}
