"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { QueueCard } from "@/components/ui/QueueCard";
import { ACTIVITY_QUEUE_PER_PAGE, useActivityQueue, useBulkApprove } from "@/lib/api/admin-activities";
import { useQueuePaging } from "@/components/ui/back-office/use-queue-paging";
import { ActivityReviewCard } from "./ActivityReviewCard";
import { ApproveSelected } from "@/components/ui/back-office/ApproveSelected";
import { useBulkApproval } from "@/components/ui/back-office/use-bulk-approval";

/**
 * /admin/activities: the submissions waiting for a person, oldest first, each with its proof, the booster's
 * record and the campaign; approve, deny with a reason, ask for one revision, or approve several at once.
 */
export function ActivityQueue() {
  const t = useTranslations("admin.activities");
  const [page, setPage] = useState(1);
  const query = useActivityQueue(page);
  const bulk = useBulkApprove();
  const { selected, toggle, notice, approve } = useBulkApproval(bulk, (counts) => t("bulkDone", counts));
  const { rows, card } = useQueuePaging("admin.activities", query, { page, setPage, perPage: ACTIVITY_QUEUE_PER_PAGE });
  const chosen = rows.filter((item) => selected.has(item.activity.id)).map((item) => item.activity.id);

  return (
    <QueueCard {...card}>
      <div className="flex flex-wrap items-center gap-3">
        <ApproveSelected chosen={chosen} approve={approve} busy={bulk.isPending} label={t("approveSelected", { count: chosen.length })} />
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
