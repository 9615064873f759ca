"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Link } from "@/lib/i18n/navigation";

/** For a visitor who is not logged in: why the page is empty and a way to log in and come back. */
export function WalletSignIn({ heading, body, redirect }: { heading: ReactNode; body: string; redirect: string }) {
  const t = useTranslations("wallet.signIn");
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto my-6 grid max-w-xl gap-3 rounded-card bg-surface p-6 text-center shadow-card sm:p-8"
    >
      {heading}
      <p className="leading-7 text-ink-muted">{body}</p>
      <div>
        <Link
          href={{ pathname: "/auth/login", query: { redirect } }}
          className="mt-2 inline-block rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("action")}
        </Link>
      </div>
    </section>
  );
}

/** A failed load: the sentence and a retry button. */
export function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  const tc = useTranslations("common");
  return (
    <div className="grid justify-items-start gap-3">
      <Alert tone="error" className="w-full">
        {message}
      </Alert>
      <Button type="button" variant="secondary" onClick={onRetry} busy={retrying}>
        {tc("retry")}
      </Button>
    </div>
  );
}

/** Grey bars in the shape of what is loading, announced once as "Loading…". */
export function SkeletonLines({ lines = 3, className = "" }: { lines?: number; className?: string }) {
  const tc = useTranslations("common");
  return (
    <div aria-busy="true" className={`animate-pulse motion-reduce:animate-none ${className}`}>
      <p className="sr-only" role="status">
        {tc("loading")}
      </p>
      <div className="grid gap-3" aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          <div key={index} className="h-10 rounded-lg bg-surface-sunken" />
        ))}
      </div>
    </div>
  );
}

/** The classes of a link that looks like a button. */
export const linkButton = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-surface-line bg-surface px-4 py-2.5 text-sm font-semibold text-ink hover:bg-surface-sunken",
} as const;
