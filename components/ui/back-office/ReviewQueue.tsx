"use client";
import { useTranslations } from "next-intl";
import { DataTable, type Column } from "@/components/ui/DataTable";
import { EmptyState } from "@/components/ui/EmptyState";
import { Pagination, pageCount } from "@/components/ui/Pagination";
import { QueueCard } from "@/components/ui/QueueCard";
import { Link } from "@/lib/i18n/navigation";
import { adminStates } from "./AdminStates";

type Page<R> = { data: R[]; meta: { total: number; per_page: number } };
type Query<R> = { data?: Page<R>; isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };

/**
 * A back-office queue of things awaiting a decision, oldest first, a page at a time: the rows as a table whose
 * last column opens each one's review (`review.href`, named for screen readers by `review.label`).
 */
export function ReviewQueue<R extends { id: string }>({
  messages,
  query,
  page,
  perPage,
  onPage,
  columns,
  minWidth,
  review,
}: {
  /** Where its heading, intro, empty sentence, count and caption are. */
  messages: "admin.queue" | "admin.campaignQueue";
  query: Query<R>;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  columns: Column<R>[];
  minWidth: string;
  review: { href: (row: R) => string; label: (row: R) => string };
}) {
  const t = useTranslations("admin.queue");
  const own = useTranslations(messages as "admin.queue");
  const text = {
    heading: own("heading"),
    intro: own("intro"),
    empty: own("empty"),
    count: own("count", { count: query.data?.meta.total ?? 0 }),
    caption: own("caption"),
  };
  const rows = query.data?.data ?? [];
  const pages = pageCount(query.data?.meta.total ?? 0, query.data?.meta.per_page || perPage);
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
    <QueueCard
      heading={text.heading}
      intro={text.intro}
      query={query}
      {...adminStates}
      empty={
        rows.length === 0 ? (
          <EmptyState padding="py-8" firstPage={page > 1 ? { label: t("firstPage"), onClick: () => onPage(1) } : null}>
            {text.empty}
          </EmptyState>
        ) : null
      }
      count={text.count}
      pagination={<Pagination page={page} pages={pages} busy={query.isFetching} onPage={onPage} messages="admin.queue" />}
    >
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        columns={[...columns, actions]}
        caption={text.caption}
        minWidth={minWidth}
        rowHeaderClassName="font-semibold text-ink"
        rowClassName=""
        busy={query.isFetching}
      />
    </QueueCard>
  );
}
