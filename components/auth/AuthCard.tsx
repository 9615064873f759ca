import type { ReactNode } from "react";

/** The card every authentication screen sits in. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section aria-labelledby="auth-title" className="mt-4 w-full max-w-md rounded-card bg-surface p-6 shadow-card sm:p-8">
      <h1 id="auth-title" className="text-2xl font-bold text-ink">
        {title}
      </h1>
      {lead ? <p className="mt-2 text-sm leading-6 text-ink-muted">{lead}</p> : null}
      <div className="mt-6">{children}</div>
      {footer ? <div className="mt-6 border-t border-surface-line pt-4 text-center text-sm text-ink-muted">{footer}</div> : null}
    </section>
  );
}
