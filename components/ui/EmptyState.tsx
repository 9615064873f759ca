"use client";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";

/**
 * Nothing to list: the sentence, centred, and on a later page a button back to the first (a filter or another
 * tab may have emptied it).
 */
export function EmptyState({
  children,
  testId,
  firstPage,
  padding = "py-10",
}: {
  children: ReactNode;
  testId?: string;
  /** The button's words and what it does; shown only when given. */
  firstPage?: { label: string; onClick: () => void } | null;
  padding?: "py-8" | "py-10";
}) {
  if (!firstPage)
    return (
      <p className={`${padding} text-center text-ink-muted`} data-testid={testId}>
        {children}
      </p>
    );
  return (
    <div className={`grid justify-items-center gap-3 ${padding} text-center`}>
      <p className="text-ink-muted" data-testid={testId}>
        {children}
      </p>
      <Button type="button" variant="secondary" onClick={firstPage.onClick}>
        {firstPage.label}
      </Button>
    </div>
  );
}
