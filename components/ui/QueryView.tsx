"use client";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { EmptyState } from "@/components/ui/EmptyState";
import { LoadError } from "@/components/ui/LoadError";
import { pageCount } from "@/components/ui/Pagination";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { Tabs } from "@/components/ui/Tabs";

/** What a list needs to know of its query. */
export type QueryState = { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };

/**
 * A query's content in its states: grey bars while it loads, the failure with a retry, `empty` when there is
 * nothing (null when there is something), else the children.
 */
export function QueryView({
  query,
  loadError,
  lines = 3,
  empty,
  children,
}: {
  query: QueryState;
  loadError: string;
  lines?: number;
  empty: ReactNode | null;
  children: ReactNode;
}) {
  if (query.isPending) return <SkeletonLines lines={lines} />;
  if (query.isError) return <LoadError message={loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return empty ?? children;
}

/** A tab and a page of a list filtered by tabs: choosing another tab goes back to the first page. */
export function useTabPages<T extends string>(first: T) {
  const [tab, setTab] = useState<T>(first);
  const [page, setPage] = useState(1);
  const selectTab = (next: T) => {
    if (next === tab) return;
    setTab(next);
    setPage(1);
  };
  return { tab, page, setPage, selectTab };
}

type TabState<T extends string> = ReturnType<typeof useTabPages<T>>;
type PageQuery = QueryState & { data?: { data: unknown[]; meta: { total: number; per_page: number } } | undefined };

/**
 * A list filtered by `tabs` (the first chosen), a page at a time: the tab and page (`state`),
 * `usePage(tab, page)`'s query for them, its rows, and the pager's props (Pagination, PagedList).
 */
export function useTabbedPages<T extends string, Q extends PageQuery>(
  tabs: readonly T[],
  usePage: (tab: T, page: number) => Q,
  perPage: number,
) {
  const state = useTabPages<T>(tabs[0]!);
  const query = usePage(state.tab, state.page);
  const rows = (query.data?.data ?? []) as NonNullable<Q["data"]>["data"];
  const pages = pageCount(query.data?.meta.total ?? 0, query.data?.meta.per_page || perPage);
  return { tabs, state, query, rows, pager: { page: state.page, pages, busy: query.isFetching, onPage: state.setPage } };
}

/**
 * A list filtered by tabs: the tabs (named by `messages`' tabsLabel and tabs.<value>) over the query's
 * states (its failure is `messages`' loadError); a page without rows says `empty.text` (and, past the
 * first page, offers the way back to it when `empty.firstPage` names that button).
 */
export function TabbedList<T extends string>({
  id,
  list: { tabs, state, query, rows },
  messages,
  lines = 4,
  empty,
  children,
}: {
  id: string;
  list: { tabs: readonly T[]; state: TabState<T>; query: QueryState; rows: readonly unknown[] };
  messages:
    | "campaigns.list"
    | "campaigns.payments"
    | "wallet.statement"
    | "earn.mine"
    | "payouts.list"
    | "notifications.inbox"
    | "invitations.list";
  /** The grey bars while it loads. */
  lines?: number;
  empty: { text: ReactNode; testId: string; firstPage?: string };
  children: ReactNode;
}) {
  const t = useTranslations(messages as "campaigns.list");
  const firstPage = empty.firstPage && state.page > 1 ? { label: empty.firstPage, onClick: () => state.setPage(1) } : null;
  return (
    <Tabs
      id={id}
      values={tabs}
      value={state.tab}
      onChange={state.selectTab}
      label={t("tabsLabel")}
      name={(value) => t(`tabs.${value}` as never)}
    >
      <QueryView
        query={query}
        lines={lines}
        loadError={t("loadError")}
        empty={
          rows.length === 0 ? (
            <EmptyState testId={empty.testId} firstPage={firstPage}>
              {empty.text}
            </EmptyState>
          ) : null
        }
      >
        {children}
      </QueryView>
    </Tabs>
  );
}
