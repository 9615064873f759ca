"use client";
import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/link";

/** The logo mark and name, linking home; `compact` shows only the mark on a phone (the name stays for screen readers). */
export function Brand({ href = "/", compact = false }: { href?: string; compact?: boolean }) {
  const t = useTranslations("meta");
  return (
    <Link href={href} className="inline-flex shrink-0 items-center gap-2 rounded-lg font-extrabold text-brand-700">
      <span aria-hidden="true" className="grid h-9 w-9 place-items-center rounded-xl bg-brand-600 text-lg text-white shadow-card">
        ت
      </span>
      <span className={`text-xl tracking-tight ${compact ? "sr-only sm:not-sr-only" : ""}`}>{t("brand")}</span>
    </Link>
  );
}
