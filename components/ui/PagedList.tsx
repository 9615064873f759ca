import type { ComponentProps, ReactNode } from "react";
import { Pagination } from "@/components/ui/Pagination";

/** A page of a list (a table, cards) over the pages' buttons, marked busy while the next page loads. */
export function Paged({ children, ...pager }: ComponentProps<typeof Pagination> & { children: ReactNode }) {
  return (
    <div className="grid gap-4" aria-busy={pager.busy || undefined}>
      {children}
      <Pagination {...pager} />
    </div>
  );
}

/** A page of cards (a list's items as <li>) over the pages' buttons, marked busy while the next page loads. */
export function PagedList({
  testId,
  className = "grid gap-3",
  children,
  ...pager
}: ComponentProps<typeof Pagination> & {
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Paged {...pager}>
      <ul className={className} data-testid={testId}>
        {children}
      </ul>
    </Paged>
  );
}
