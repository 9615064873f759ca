"use client";
import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";

/** The logo mark and name, linking home. */
export function Brand({ href = "/" }: { href?: string }) {
  const t = useTranslations("meta");
  return (
    <Link href={href} className="inline-flex items-center gap-2 rounded-lg font-extrabold text-brand-700">
      <span aria-hidden="true" className="grid h-9 w-9 place-items-center rounded-xl bg-brand-600 text-lg text-white shadow-card">
        ت
      </span>
      <span className="text-xl tracking-tight">{t("brand")}</span>
    </Link>
  );
}
