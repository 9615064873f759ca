import type { ReactNode } from "react";

/** A white panel with a heading. */
export function Card({
  title,
  children,
  className = "",
  headingLevel = 2,
  id,
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 1 | 2 | 3;
  id?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      className={`rounded-card bg-surface p-5 shadow-card sm:p-6 ${className}`}
      aria-labelledby={title && id ? `${id}-title` : undefined}
    >
      {title ? (
        <Heading id={id ? `${id}-title` : undefined} className="mb-4 text-lg font-bold text-ink">
          {title}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
