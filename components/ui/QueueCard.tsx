import type { ReactNode } from "react";
import { Card } from "@/components/ui/Card";

/** What a queue's card needs to know of its query. */
export type QueueQuery = { isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };

/**
 * A work queue's page (the back office's identity and campaign queues, its content pages): the heading and
 * intro over a card that shows, in turn, loading, the failure, the empty sentence, or the count over the rows
 * and their pages. `before` comes between the intro and the card (a rail's state, a switch), `after` follows
 * the card (a form to add one); `frame` wraps the card's content (tabs over it, a notice that outlives the rows).
 */
export function QueueCard({
  heading,
  intro,
  query,
  loading,
  failure,
  empty,
  count,
  children,
  pagination,
  before,
  after,
  frame = (content) => content,
  className = "",
}: {
  heading: string;
  intro: ReactNode;
  query: QueueQuery;
  loading: ReactNode;
  failure: (error: unknown, retry: () => void, retrying: boolean) => ReactNode;
  /** Shown instead of the rows when there are none. */
  empty: ReactNode | null;
  count: ReactNode;
  children: ReactNode;
  pagination?: ReactNode;
  before?: ReactNode;
  after?: ReactNode;
  frame?: (content: ReactNode) => ReactNode;
  className?: string;
}) {
  return (
    <div className={`mx-auto grid w-full max-w-5xl gap-6 ${className}`.trim()}>
      <div>
        <h1 className="text-2xl font-bold text-ink">{heading}</h1>
        <p className="mt-1 text-sm leading-6 text-ink-muted">{intro}</p>
      </div>
      {before}
      <Card>
        {frame(
          query.isPending ? (
            loading
          ) : query.isError ? (
            failure(query.error, () => void query.refetch(), query.isFetching)
          ) : empty !== null ? (
            empty
          ) : (
            <div className={`grid gap-4 ${className}`.trim()}>
              <p className="text-sm font-medium text-ink-muted" aria-live="polite">
                {count}
              </p>
              {children}
              {pagination}
            </div>
          ),
        )}
      </Card>
      {after}
    </div>
  );
}
