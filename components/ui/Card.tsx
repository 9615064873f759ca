import type { ReactNode } from "react";

/** A white panel with a heading and, under it, a line of introduction; a list's card is tighter on a phone (`padding` p-4). */
export function Card({
  title,
  intro,
  children,
  className = "",
  headingLevel = 2,
  id,
  padding = "p-5",
}: {
  title?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 1 | 2 | 3;
  id?: string;
  padding?: "p-4" | "p-5";
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      className={`rounded-card bg-surface ${padding} shadow-card sm:p-6 ${className}`}
      aria-labelledby={title && id ? `${id}-title` : undefined}
    >
      {title ? (
        <Heading id={id ? `${id}-title` : undefined} className={`${intro ? "mb-1" : "mb-4"} text-lg font-bold text-ink`}>
          {title}
        </Heading>
      ) : null}
      {intro ? <p className="mb-4 text-sm leading-6 text-ink-muted">{intro}</p> : null}
      {children}
    </section>
  );
}
