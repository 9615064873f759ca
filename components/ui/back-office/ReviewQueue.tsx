"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DataTable, type Column } from "@/components/ui/DataTable";
import { QueueCard, type QueueQuery } from "@/components/ui/QueueCard";
import type { ListResult } from "@/lib/api/client";
import { Link } from "@/lib/i18n/link";
import { useQueuePaging } from "./use-queue-paging";

/**
 * A back-office queue of things awaiting a decision, oldest first, a page at a time (`usePage(page, perPage)`):
 * the rows as a table whose last column opens each one's review (`review.href`, named for screen readers by
 * `review.label`).
 */
export function ReviewQueue<R extends { id: string }>({
  messages,
  usePage,
  perPage,
  columns,
  minWidth,
  review,
}: {
  /** Where its heading, intro, empty sentence, count and caption are. */
  messages: "admin.queue" | "admin.campaignQueue";
  usePage: (page: number, perPage: number) => QueueQuery & { data?: ListResult<R> | undefined };
  perPage: number;
  columns: Column<R>[];
  minWidth: string;
  review: { href: (row: R) => string; label: (row: R) => string };
}) {
  const t = useTranslations("admin.queue");
  const own = useTranslations(messages as "admin.queue");
  const [page, setPage] = useState(1);
  const query = usePage(page, perPage);
  const { rows, card } = useQueuePaging(messages, query, { page, setPage, perPage });
  const actions: Column<R> = {
    key: "actions",
    header: t("actions"),
    hiddenHeader: true,
    headerClassName: "px-3 py-2 text-end font-medium",
    className: "text-end",
    cell: (row) => (
      <Link
        href={review.href(row)}
        aria-label={review.label(row)}
        className="inline-flex rounded-lg px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50"
      >
        {t("review")}
      </Link>
    ),
  };
  return (
    <QueueCard {...card}>
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        columns={[...columns, actions]}
        caption={own("caption")}
        minWidth={minWidth}
        rowHeaderClassName="font-semibold text-ink"
        rowClassName=""
        busy={query.isFetching}
      />
    </QueueCard>
  );
}
