import type { ReactNode } from "react";
import { LinkButton } from "@/components/ui/LinkButton";

type Width = "max-w-3xl" | "max-w-4xl" | "max-w-5xl" | "max-w-6xl";

/**
 * A panel page: its title (the page's one h1, #page-title) with its introduction and an action beside
 * it, over its content, centred and at most `width` wide. The action is `action`, or `link`: a link
 * drawn as a button, full width on a phone.
 */
export function PanelPage({
  width = "max-w-6xl",
  title,
  intro,
  action,
  link,
  children,
}: {
  width?: Width;
  title: string;
  intro: ReactNode;
  action?: ReactNode;
  link?: { href: string; label: ReactNode };
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto grid w-full ${width} gap-6`}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 id="page-title" className="text-2xl font-bold text-ink">
            {title}
          </h1>
          <p className="text-sm leading-6 text-ink-muted">{intro}</p>
        </div>
        {link ? (
          <LinkButton href={link.href} className="w-full sm:w-auto">
            {link.label}
          </LinkButton>
        ) : (
          action
        )}
      </header>
      {children}
    </div>
  );
}
