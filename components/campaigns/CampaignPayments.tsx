"use client";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/Card";
import { CardFields, DataTable, type Column } from "@/components/ui/DataTable";
import { Paged } from "@/components/ui/PagedList";
import { TabbedList, useTabPages } from "@/components/ui/QueryView";
import { StatusLabel } from "@/components/ui/StatusPill";
import { transactionTones } from "@/components/ui/status-badges";
import { useCampaignPayments, CAMPAIGNS_PER_PAGE, type Campaign, type PaymentTab } from "@/lib/api/campaigns";
import type { Transaction } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import {
  PayFromWalletButton,
  PayFromWalletDialog,
  PayFromWalletOutcome,
  canPayFromWallet,
  usePayFromWallet,
  type PayFromWalletFlow,
} from "./PayFromWallet";
import { useDates } from "@/components/ui/dates";
import { useWalletLabels } from "@/components/ui/labels";

export const PAYMENT_TABS = ["all", "paid", "pending", "failed"] as const satisfies readonly PaymentTab[];
const COLUMNS = ["amount", "intent", "status", "created", "approved", "actions"] as const;

/** SPEC §2 campaign view's payments: tabs by status, a table (cards on small screens), and paying from the wallet. */
export function CampaignPayments({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns.payments");
  const tc = useTranslations("campaigns");
  const tabs = useTabPages<PaymentTab>("all");
  const { tab, page, setPage } = tabs;
  const query = useCampaignPayments(campaign.id, tab, page);
  const flow = usePayFromWallet(campaign.id);
  const rows = query.data?.data ?? [];
  const perPage = query.data?.meta.per_page || CAMPAIGNS_PER_PAGE;
  // The API counts only the page it returns: a full page means there may be another.
  const pages = rows.length >= perPage ? page + 1 : page;
  return (
    <Card id="payments" title={t("title")} padding="p-4">
      <div className="mb-4 empty:hidden">
        <PayFromWalletOutcome flow={flow} />
      </div>
      <TabbedList
        id="campaign-payments"
        list={{ tabs: PAYMENT_TABS, state: tabs, query, rows }}
        messages="campaigns.payments"
        lines={3}
        empty={{ text: tc("empty"), testId: "payments-empty" }}
      >
        <Paged page={page} pages={pages} busy={query.isFetching} onPage={setPage}>
          <PaymentRows campaign={campaign} rows={rows} flow={flow} />
        </Paged>
      </TabbedList>
      <PayFromWalletDialog flow={flow} />
    </Card>
  );
}

type RowsProps = { campaign: Campaign; rows: Transaction[]; flow: PayFromWalletFlow };

/** The payments as a table from md up, one card each below. */
function PaymentRows({ campaign, rows, flow }: RowsProps) {
  const t = useTranslations("campaigns.payments");
  const money = useMoney();
  const date = useDates();
  const labels = useWalletLabels();
  const cells = {
    amount: (row: Transaction) => money(row.amount),
    // What it was: the campaign's payment, a top-up, or a refund back to the wallet.
    intent: (row: Transaction) => <span data-testid="payment-intent">{labels.intent(row.intent)}</span>,
    status: (row: Transaction) => <StatusLabel status={row.status} tones={transactionTones} messages="wallet.status" />,
    created: (row: Transaction) => date(row.created_at),
    approved: (row: Transaction) => date(row.approved_at),
    actions: (row: Transaction) => (canPayFromWallet(campaign, row) ? <PayFromWalletButton payment={row} flow={flow} /> : null),
  };
  const columns: Column<Transaction>[] = COLUMNS.map((key) => ({
    key,
    header: t(`columns.${key}`),
    cell: cells[key],
    className: key === "created" || key === "approved" ? "text-ink-muted" : undefined,
  }));
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns}
      caption={t("title")}
      minWidth="min-w-[40rem]"
      rowHeaderClassName="font-semibold tabular-nums text-ink"
      rowClassName="align-middle"
      testId="payments-table"
      cardsTestId="payments-cards"
      card={{
        render: (row) => (
          <>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <span className="grid gap-0.5">
                <span className="font-semibold tabular-nums text-ink">{cells.amount(row)}</span>
                <span className="text-xs text-ink-muted">{cells.intent(row)}</span>
              </span>
              {cells.status(row)}
            </div>
            <CardFields items={(["created", "approved"] as const).map((key) => [t(`columns.${key}`), cells[key](row)])} />
            {canPayFromWallet(campaign, row) ? <div>{cells.actions(row)}</div> : null}
          </>
        ),
      }}
    />
  );
}
