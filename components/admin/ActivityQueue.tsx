"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { EmptyState } from "@/components/ui/EmptyState";
import { Pagination, pageCount } from "@/components/ui/Pagination";
import { QueueCard } from "@/components/ui/QueueCard";
import { ACTIVITY_QUEUE_PER_PAGE, useActivityQueue, useBulkApprove } from "@/lib/api/admin-activities";
import { adminStates } from "./AdminStates";
import { ActivityReviewCard } from "./ActivityReviewCard";
import { useBulkApproval } from "./use-bulk-approval";

/**
 * /admin/activities: the submissions waiting for a person, oldest first, each with its proof, the booster's
 * record and the campaign; approve, deny with a reason, ask for one revision, or approve several at once.
 */
export function ActivityQueue() {
  const t = useTranslations("admin.activities");
  const tq = useTranslations("admin.queue");
  const [page, setPage] = useState(1);
  const query = useActivityQueue(page);
  const bulk = useBulkApprove();
  const { selected, toggle, notice, approve } = useBulkApproval(bulk, (counts) => t("bulkDone", counts));
  const rows = query.data?.data ?? [];
  const pages = pageCount(query.data?.meta.total ?? 0, query.data?.meta.per_page || ACTIVITY_QUEUE_PER_PAGE);
  const chosen = rows.filter((item) => selected.has(item.activity.id)).map((item) => item.activity.id);

  const approveSelected = () => approve(chosen);

  return (
    <QueueCard
      heading={t("heading")}
      intro={t("intro")}
      query={query}
      {...adminStates}
      empty={
        rows.length === 0 ? (
          <EmptyState padding="py-8" firstPage={page > 1 ? { label: tq("firstPage"), onClick: () => setPage(1) } : null}>
            {t("empty")}
          </EmptyState>
        ) : null
      }
      count={t("count", { count: query.data?.meta.total ?? 0 })}
      pagination={<Pagination page={page} pages={pages} busy={query.isFetching} onPage={setPage} messages="admin.queue" />}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          onClick={() => void approveSelected()}
          disabled={chosen.length === 0}
          busy={bulk.isPending}
          className="w-full sm:w-auto"
        >
          {t("approveSelected", { count: chosen.length })}
        </Button>
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <ul className="grid gap-4" aria-busy={query.isFetching || undefined} data-testid="activity-queue">
        {rows.map((item) => (
          <ActivityReviewCard
            key={item.activity.id}
            item={item}
            selected={selected.has(item.activity.id)}
            onSelect={(on) => toggle([item.activity.id], on)}
          />
        ))}
      </ul>
    </QueueCard>
  );
}
