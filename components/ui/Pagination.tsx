"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/Button";

/** Whose words the buttons use: each list names its pages in its own messages. */
type Messages = "campaigns" | "wallet.statement" | "admin.queue" | "payouts.list" | "integrations.webhooks.log";

/** Previous / page x of y / next, shown only when there is more than one page. */
export function Pagination({
  page,
  pages,
  busy,
  onPage,
  messages = "campaigns",
  chevrons = false,
}: {
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
  messages?: Messages;
  /** Arrows beside the words, pointing along the reading direction. */
  chevrons?: boolean;
}) {
  const t = useTranslations(messages as "campaigns");
  const format = useFormatter();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("pagination")} className="flex flex-wrap items-center justify-between gap-3 border-t border-surface-line pt-4">
      <Button type="button" variant="secondary" onClick={() => onPage(Math.max(1, page - 1))} disabled={page <= 1 || busy}>
        {chevrons ? <Chevron direction="previous" /> : null}
        {t("previous")}
      </Button>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {t("pageStatus", { page: format.number(page), pages: format.number(pages) })}
      </p>
      <Button type="button" variant="secondary" onClick={() => onPage(Math.min(pages, page + 1))} disabled={page >= pages || busy}>
        {t("next")}
        {chevrons ? <Chevron direction="next" /> : null}
      </Button>
    </nav>
  );
}

/** A chevron pointing along the reading direction (mirrored in right-to-left): the pager's, the charge page's way back. */
export function Chevron({ direction }: { direction: "previous" | "next" }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`h-4 w-4 ${direction === "previous" ? "" : "rotate-180 "}rtl:-scale-x-100`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12.5 15l-5-5 5-5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** How many pages `total` items make at `perPage` a page (at least one). */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / Math.max(1, perPage)));
