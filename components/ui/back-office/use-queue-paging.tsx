"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/EmptyState";
import { Pagination, pageCount } from "@/components/ui/Pagination";
import type { QueueQuery } from "@/components/ui/QueueCard";
import type { ListResult } from "@/lib/api/client";
import { adminStates } from "./AdminStates";

/** Where a back-office list's heading, intro, empty sentence and count are. */
type QueueMessages =
  | "admin.activities"
  | "admin.audit"
  | "admin.campaignQueue"
  | "admin.pages"
  | "admin.payouts"
  | "admin.people"
  | "admin.plans"
  | "admin.queue";

/** The card's words and load states (QueueCard's props), from `messages`. */
function useQueueCard(messages: QueueMessages, query: QueueQuery, count: number) {
  const t = useTranslations(messages as "admin.queue");
  return { heading: t("heading"), intro: t("intro"), query, ...adminStates, emptyText: t("empty"), count: t("count", { count }) };
}

/**
 * A paged back-office list (the work queues, the payouts, the audit log, the people): its rows, and
 * QueueCard's props — `messages`' heading and intro, the admin load states, the empty sentence (`empty`,
 * else `messages`' own; with the way back to the first page when a later one came back empty), the
 * count and the pages.
 */
export function useQueuePaging<T>(
  messages: QueueMessages,
  query: QueueQuery & { data?: ListResult<T> | undefined },
  paging: { page: number; setPage: (page: number) => void; perPage: number },
  empty?: ReactNode,
) {
  const tq = useTranslations("admin.queue");
  const { page, setPage, perPage } = paging;
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  const { emptyText, ...card } = useQueueCard(messages, query, total);
  const pages = pageCount(total, query.data?.meta.per_page || perPage);
  return {
    rows,
    card: {
      ...card,
      empty:
        rows.length === 0 ? (
          <EmptyState padding="py-8" firstPage={page > 1 ? { label: tq("firstPage"), onClick: () => setPage(1) } : null}>
            {empty ?? emptyText}
          </EmptyState>
        ) : null,
      pagination: <Pagination page={page} pages={pages} busy={query.isFetching} onPage={setPage} messages="admin.queue" />,
    },
  };
}

/** A back-office list on one page (the content pages, the plans): its rows and QueueCard's props, as useQueuePaging's. */
export function useQueueList<T>(messages: QueueMessages, query: QueueQuery & { data?: T[] | undefined }) {
  const rows = query.data ?? [];
  const { emptyText, ...card } = useQueueCard(messages, query, rows.length);
  return { rows, card: { ...card, empty: rows.length === 0 ? <EmptyState padding="py-8">{emptyText}</EmptyState> : null } };
}
