import type { FormEvent, ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { LinkButton } from "@/components/ui/LinkButton";

const cardClass = "grid gap-4 rounded-card bg-surface p-5 shadow-card sm:p-6";

/** A card's h2 (`${id}-title`, what the card is labelled by), with `aside` beside it when there is one (a balance, what is left). */
function CardTitle({ id, title, aside }: { id: string; title: string; aside?: ReactNode }) {
  const heading = (
    <h2 id={`${id}-title`} className="text-lg font-bold text-ink">
      {title}
    </h2>
  );
  if (aside === undefined) return heading;
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      {heading}
      {aside}
    </div>
  );
}

/** One part of a panel page as a card under its heading (a campaign's order, a charge's gateway, a payout's standing). */
export function SectionCard({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <CardTitle id={id} title={title} aside={aside} />
      {children}
    </section>
  );
}

/**
 * A panel page's form as a card under its heading (a payout request, an invitation): its fields, the
 * form's error and the submit button, busy while it works and full width on a phone.
 */
export function FormCard({
  id,
  title,
  aside,
  onSubmit,
  error,
  submit,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  error: string | null;
  submit: { label: string; busy: boolean };
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={cardClass} aria-labelledby={`${id}-title`}>
      <CardTitle id={id} title={title} aside={aside} />
      {children}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div>
        <Button type="submit" busy={submit.busy} className="w-full sm:w-auto">
          {submit.label}
        </Button>
      </div>
    </form>
  );
}

/** What a request did, in the server's words, and the way to the list it joined. */
export function DoneAlert({ message, testId, link }: { message: string; testId: string; link: { href: string; label: string } }) {
  return (
    <Alert tone="success">
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span data-testid={testId}>{message}</span>
        <LinkButton href={link.href} variant="secondary">
          {link.label}
        </LinkButton>
      </span>
    </Alert>
  );
}

/**
 * Why something cannot be done yet, and the one link that fixes it (full width on a phone): a card of
 * its own, under `title` when given, or `bare` inside another card.
 */
export function NextStep({
  title,
  body,
  link,
  testId,
  bare = false,
}: {
  title?: { id: string; text: string };
  body: string;
  link: { href: string; label: string };
  testId: string;
  bare?: boolean;
}) {
  const Tag = bare ? "div" : "section";
  return (
    <Tag
      aria-labelledby={title ? `${title.id}-title` : undefined}
      className={`grid justify-items-start gap-3${bare ? "" : " rounded-card bg-surface p-5 shadow-card sm:p-6"}`}
      data-testid={testId}
    >
      {title ? (
        <h2 id={`${title.id}-title`} className="text-lg font-bold text-ink">
          {title.text}
        </h2>
      ) : null}
      <p className="max-w-prose text-sm leading-7 text-ink">{body}</p>
      <LinkButton href={link.href} className="w-full sm:w-auto">
        {link.label}
      </LinkButton>
    </Tag>
  );
}
