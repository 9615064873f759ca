"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/EmptyState";
import { Pagination, pageCount } from "@/components/ui/Pagination";
import type { ListResult } from "@/lib/api/client";

/**
 * The parts of a paged back-office list that QueueCard shows (the work queues, the payouts, the audit
 * log, the people): its rows, the empty sentence (with the way back to the first page when a later one
 * came back empty), the count and the pages.
 */
export function useQueuePaging<T>(
  query: { data?: ListResult<T> | undefined; isFetching: boolean },
  paging: { page: number; setPage: (page: number) => void; perPage: number },
  text: { empty: ReactNode; count: (total: number) => ReactNode },
) {
  const tq = useTranslations("admin.queue");
  const { page, setPage, perPage } = paging;
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  const pages = pageCount(total, query.data?.meta.per_page || perPage);
  return {
    rows,
    total,
    empty:
      rows.length === 0 ? (
        <EmptyState padding="py-8" firstPage={page > 1 ? { label: tq("firstPage"), onClick: () => setPage(1) } : null}>
          {text.empty}
        </EmptyState>
      ) : null,
    count: text.count(total),
    pagination: <Pagination page={page} pages={pages} busy={query.isFetching} onPage={setPage} messages="admin.queue" />,
  };
}
