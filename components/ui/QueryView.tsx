"use client";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { LoadError } from "@/components/ui/LoadError";
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

/**
 * A list filtered by tabs: the tabs (named by `messages`' tabsLabel and tabs.<value>) over the query's
 * states (its failure is `messages`' loadError).
 */
export function TabbedList<T extends string>({
  id,
  tabs,
  state,
  messages,
  query,
  lines,
  empty,
  children,
}: {
  id: string;
  tabs: readonly T[];
  state: { tab: T; selectTab: (next: T) => void };
  messages:
    | "campaigns.list"
    | "campaigns.payments"
    | "wallet.transactions"
    | "earn.mine"
    | "payouts.list"
    | "notifications.inbox"
    | "invitations.list";
  query: QueryState;
  lines?: number;
  empty: ReactNode | null;
  children: ReactNode;
}) {
  const t = useTranslations(messages as "campaigns.list");
  return (
    <Tabs
      id={id}
      values={tabs}
      value={state.tab}
      onChange={state.selectTab}
      label={t("tabsLabel")}
      name={(value) => t(`tabs.${value}` as never)}
    >
      <QueryView query={query} lines={lines} loadError={t("loadError")} empty={empty}>
        {children}
      </QueryView>
    </Tabs>
  );
}
