import type { ReactNode } from "react";
import { Pagination } from "@/components/ui/Pagination";

/** A page of cards (a list's items as <li>) over the pages' buttons, marked busy while the next page loads. */
export function PagedList({
  busy,
  page,
  pages,
  onPage,
  testId,
  className = "grid gap-3",
  children,
}: {
  busy: boolean;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-4" aria-busy={busy || undefined}>
      <ul className={className} data-testid={testId}>
        {children}
      </ul>
      <Pagination page={page} pages={pages} busy={busy} onPage={onPage} />
    </div>
  );
}
