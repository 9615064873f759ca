"use client";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/Button";

/**
 * A back-office list's filters (the audit log's, the people search): a search form over the list, its
 * fields side by side from sm up and the button that applies them; `onApply` reads each field's value,
 * trimmed.
 */
export function FilterBar({
  onApply,
  columns,
  submit,
  children,
}: {
  onApply: (value: (name: string) => string) => void;
  /** The grid's columns from sm up: a column a field, then the button. */
  columns: "sm:grid-cols-[1fr_auto]" | "sm:grid-cols-[1fr_1fr_auto]";
  submit: string;
  children: ReactNode;
}) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply((name) => String(form.get(name) ?? "").trim());
  };
  return (
    <form onSubmit={apply} className={`grid items-end gap-3 rounded-card bg-surface p-4 shadow-card ${columns}`} role="search">
      {children}
      <Button type="submit" className="w-full sm:w-auto">
        {submit}
      </Button>
    </form>
  );
}

/** A filtered list's filters and page: applying new filters goes back to the first page. */
export function useFilters<F>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const apply = (next: F) => {
    setFilters(next);
    setPage(1);
  };
  return { filters, page, setPage, apply };
}
