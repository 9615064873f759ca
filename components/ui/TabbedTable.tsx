"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { DataTable, type Column } from "@/components/ui/DataTable";
import { EmptyState } from "@/components/ui/EmptyState";
import { Pagination, pageCount } from "@/components/ui/Pagination";
import { TabbedList, useTabPages } from "@/components/ui/QueryView";

type ListMessages = "wallet.transactions" | "payouts.list";

/**
 * A titled card with a list in tabs, a page at a time: a table on wide screens, a card per row on
 * phones (the wallet's transactions, the payouts). `messages` names its title, tabs, count, caption,
 * empty text and pager; `usePage(tab, page)` is the list's query.
 */
export function TabbedTable<T extends string, R>({
  id,
  tabs,
  messages,
  usePage,
  perPage,
  columns,
  rowKey,
  minWidth,
  card,
}: {
  id: string;
  tabs: readonly T[];
  messages: ListMessages;
  usePage: (
    tab: T,
    page: number,
  ) => {
    data?: { data: R[]; meta: { total: number; per_page: number } } | undefined;
    isFetching: boolean;
  } & Parameters<typeof TabbedList>[0]["query"];
  perPage: number;
  columns: Column<R>[];
  rowKey: (row: R) => string;
  minWidth: string;
  card: (row: R) => ReactNode;
}) {
  const t = useTranslations(messages as "wallet.transactions");
  const tabState = useTabPages<T>(tabs[0]!);
  const { tab, page, setPage } = tabState;
  const query = usePage(tab, page);
  const total = query.data?.meta.total ?? 0;
  const pages = pageCount(total, query.data?.meta.per_page || perPage);
  const rows = query.data?.data ?? [];

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-card bg-surface p-4 shadow-card sm:p-6">
      <h2 id={`${id}-title`} className="mb-4 text-lg font-bold text-ink">
        {t("title")}
      </h2>
      <TabbedList
        id={id}
        tabs={tabs}
        state={tabState}
        messages={messages}
        query={query}
        lines={4}
        empty={
          rows.length === 0 ? (
            <EmptyState testId={`${id}-empty`} firstPage={page > 1 ? { label: t("firstPage"), onClick: () => setPage(1) } : null}>
              {t("empty")}
            </EmptyState>
          ) : null
        }
      >
        <div className="grid gap-4" aria-busy={query.isFetching || undefined}>
          <p className="text-sm text-ink-muted" aria-live="polite">
            {t("count", { count: total })}
          </p>
          <DataTable
            rows={rows}
            rowKey={rowKey}
            columns={columns}
            caption={t("caption")}
            minWidth={minWidth}
            card={{ className: "rounded-lg border border-surface-line p-4", render: card }}
          />
          <Pagination page={page} pages={pages} busy={query.isFetching} onPage={setPage} messages={messages} chevrons />
        </div>
      </TabbedList>
    </section>
  );
}
