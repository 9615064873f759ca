import type { ReactNode } from "react";

/** A panel page's title (the page's one h1, #page-title) with its introduction, and an action beside it. */
export function PageHeader({ title, intro, action }: { title: string; intro: ReactNode; action?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-1">
        <h1 id="page-title" className="text-2xl font-bold text-ink">
          {title}
        </h1>
        <p className="text-sm leading-6 text-ink-muted">{intro}</p>
      </div>
      {action}
    </header>
  );
}
