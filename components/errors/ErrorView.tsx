import type { ReactNode } from "react";

/**
 * SPEC §2 generic error page: a 404 variant ("Page Not Found") and an other variant ("Internal
 * Server Error"). Texts come in translated; this only lays them out.
 */
export function ErrorView({
  status,
  statusText,
  title,
  body,
  children,
}: {
  status: 404 | 500;
  statusText: string;
  title: string;
  body: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto my-12 w-full max-w-xl px-4 text-center" aria-labelledby="error-title" data-status={status}>
      <p className="text-6xl font-black text-brand-600" aria-hidden="true">
        {status}
      </p>
      <p className="mt-2 text-sm font-semibold uppercase tracking-wide text-ink-faint">{statusText}</p>
      <h1 id="error-title" className="mt-3 text-2xl font-bold">
        {title}
      </h1>
      <div className="mt-3 leading-7 text-ink-muted">{body}</div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}
