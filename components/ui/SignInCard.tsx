"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Link } from "@/lib/i18n/link";

/** For a visitor who is not logged in: why the page is empty and a way to log in and come back to `redirect`. */
export function SignInCard({ heading, lead, body, redirect }: { heading: ReactNode; lead?: string; body: string; redirect: string }) {
  const t = useTranslations("common");
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto my-6 grid max-w-xl gap-3 rounded-card bg-surface p-6 text-center shadow-card sm:p-8"
    >
      {heading}
      {lead ? <p className="font-semibold text-ink">{lead}</p> : null}
      <p className="leading-7 text-ink-muted">{body}</p>
      <div>
        <Link
          href={{ pathname: "/auth/login", query: { redirect } }}
          className="mt-2 inline-block rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("logIn")}
        </Link>
      </div>
    </section>
  );
}
