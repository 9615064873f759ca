"use client";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { BackLink } from "@/components/ui/BackLink";
import { Card } from "@/components/ui/Card";
import { Link } from "@/lib/i18n/link";
import { AdminLoadError, AdminLoading } from "./AdminStates";

type Query<T> = { data?: T; isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };

/** The words a decision panel shows, from a namespace that names them alike (admin.review, admin.campaignReview). */
export const decisionLabels = (t: (key: "approve" | "reject" | "reasonLabel" | "notPending" | "backToQueue") => string) => ({
  approve: t("approve"),
  reject: t("reject"),
  reasonLabel: t("reasonLabel"),
  notPending: t("notPending"),
  backToQueue: t("backToQueue"),
});

/**
 * One item of a back-office queue under review: the way back and the heading, then (once loaded) its details
 * and the decision; after the decision, the server's sentence with the way back to the queue.
 */
export function ReviewPage<T>({
  queueHref,
  text,
  query,
  details,
  decision,
}: {
  queueHref: string;
  text: { back: string; heading: string; backToQueue: string };
  query: Query<T>;
  details: (data: T) => ReactNode;
  decision: (data: T, onDecided: (message: string) => void) => ReactNode;
}) {
  const [outcome, setOutcome] = useState<string | null>(null);
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="grid gap-2">
        <BackLink href={queueHref}>{text.back}</BackLink>
        <h1 className="text-2xl font-bold text-ink">{text.heading}</h1>
      </div>

      {query.isPending ? (
        <Card>
          <AdminLoading />
        </Card>
      ) : query.isError || query.data === undefined ? (
        <Card>
          <AdminLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </Card>
      ) : (
        <>
          {details(query.data)}
          {outcome ? (
            <Alert tone="success" className="flex flex-wrap items-center justify-between gap-3">
              <span>{outcome}</span>
              <Link href={queueHref} className="font-semibold underline">
                {text.backToQueue}
              </Link>
            </Alert>
          ) : (
            decision(query.data, setOutcome)
          )}
        </>
      )}
    </div>
  );
}
