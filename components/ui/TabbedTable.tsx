"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/Card";
import { DataTable, type Column } from "@/components/ui/DataTable";
import { Paged } from "@/components/ui/PagedList";
import { TabbedList, useTabbedPages, type QueryState } from "@/components/ui/QueryView";

type ListMessages = "wallet.statement" | "payouts.list";

/**
 * A titled card with a list in tabs, a page at a time: a table on wide screens, a card per row on
 * phones (the wallet's statement, the payouts). `messages` names its title, tabs, count, caption,
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
  toolbar,
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
  } & QueryState;
  perPage: number;
  columns: Column<R>[];
  rowKey: (row: R) => string;
  minWidth: string;
  card: (row: R) => ReactNode;
  /** Above the tabs: filters and actions of the list (the statement's kind, month, export). */
  toolbar?: ReactNode;
}) {
  const t = useTranslations(messages as "wallet.statement");
  const list = useTabbedPages(tabs, usePage, perPage);
  const total = list.query.data?.meta.total ?? 0;

  return (
    <Card id={id} title={t("title")} padding="p-4">
      {toolbar}
      <TabbedList id={id} list={list} messages={messages} empty={{ text: t("empty"), testId: `${id}-empty`, firstPage: t("firstPage") }}>
        <Paged {...list.pager} messages={messages} chevrons>
          <p className="text-sm text-ink-muted" aria-live="polite">
            {t("count", { count: total })}
          </p>
          <DataTable
            rows={list.rows}
            rowKey={rowKey}
            columns={columns}
            caption={t("caption")}
            minWidth={minWidth}
            card={{ className: "rounded-lg border border-surface-line p-4", render: card }}
          />
        </Paged>
      </TabbedList>
    </Card>
  );
}
