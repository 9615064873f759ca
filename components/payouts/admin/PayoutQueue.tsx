"use client";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/Alert";
import { Checkbox } from "@/components/ui/Checkbox";
import { useTabPages } from "@/components/ui/QueryView";
import { QueueCard } from "@/components/ui/QueueCard";
import { Tabs } from "@/components/ui/Tabs";
import { ADMIN_PAYOUTS_PER_PAGE, useAdminPayouts, useBulkApprovePayouts, type PayoutStatus } from "@/lib/api/admin-payouts";
import { useNow } from "@/lib/time/use-now";
import { useQueuePaging } from "@/components/ui/back-office/use-queue-paging";
import { usePlanName } from "./plan-name";
import { ApproveSelected } from "@/components/ui/back-office/ApproveSelected";
import { useBulkApproval } from "@/components/ui/back-office/use-bulk-approval";
import { PayoutCard } from "./PayoutCard";
import { RailCard } from "./RailCard";
import { WithdrawalsSwitch } from "./WithdrawalsSwitch";

/** The queue's tabs, in the order a payout moves: to decide, waiting to be sent, at the bank, then how each ended. */
export const PAYOUT_QUEUE_TABS = [
  "pending",
  "approved",
  "active",
  "confirmed",
  "failed",
  "denied",
  "reversed",
] as const satisfies readonly PayoutStatus[];

/**
 * /admin/payouts: how payouts leave (the rail) and the withdrawals switch, then the payouts by status, oldest first —
 * pending to decide (one by one or several at once), approved waiting to be sent, active at the bank or of unknown
 * outcome (the reconciliation view: confirm with the bank's reference, or mark failed), and the settled ones.
 */
export function PayoutQueue({ perPage = ADMIN_PAYOUTS_PER_PAGE, aside }: { perPage?: number; aside?: ReactNode }) {
  const t = useTranslations("admin.payouts");
  const tabs = useTabPages<PayoutStatus>("pending");
  const { tab, page, setPage } = tabs;
  const query = useAdminPayouts(tab, page, perPage);
  const planName = usePlanName();
  // The age of each request and the 24-hour promise's timers move on by the minute.
  const now = useNow(60_000);
  const bulk = useBulkApprovePayouts();
  const { selected, toggle, notice, setNotice, approve, reset } = useBulkApproval(bulk, (counts) => t("bulkDone", counts));
  const { rows, card } = useQueuePaging("admin.payouts", query, { page, setPage, perPage });
  const pending = tab === "pending";
  const chosen = pending ? rows.filter((row) => row.status === "pending" && selected.has(row.id)).map((row) => row.id) : [];
  const selectable = rows.filter((row) => row.status === "pending");

  const selectTab = (next: PayoutStatus) => {
    tabs.selectTab(next);
    reset();
  };

  return (
    <QueueCard
      {...card}
      before={
        <div className="grid gap-6 lg:grid-cols-2">
          <RailCard />
          <WithdrawalsSwitch />
          {aside}
        </div>
      }
      frame={(content) => (
        <Tabs
          id="admin-payouts"
          values={PAYOUT_QUEUE_TABS}
          value={tab}
          onChange={selectTab}
          label={t("tabsLabel")}
          name={(s) => t(`tabs.${s}`)}
        >
          <div className="grid gap-4">
            <p className="text-sm leading-6 text-ink-muted">{t(`tabIntro.${tab}`)}</p>
            {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
            {content}
          </div>
        </Tabs>
      )}
    >
      {pending && selectable.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-surface-sunken p-3">
          <Checkbox
            label={t("selectAll")}
            checked={chosen.length === selectable.length}
            onChange={(event) =>
              toggle(
                selectable.map((row) => row.id),
                event.target.checked,
              )
            }
          />
          <ApproveSelected chosen={chosen} approve={approve} busy={bulk.isPending} label={t("approveSelected", { count: chosen.length })} />
        </div>
      ) : null}
      <ul className="grid gap-4" aria-busy={query.isFetching || undefined} data-testid="admin-payouts">
        {rows.map((row) => (
          <PayoutCard
            key={row.id}
            row={row}
            now={now}
            planName={planName}
            selection={
              pending && row.status === "pending" ? { selected: selected.has(row.id), onSelect: (on) => toggle([row.id], on) } : null
            }
            onNotice={setNotice}
          />
        ))}
      </ul>
    </QueueCard>
  );
}
