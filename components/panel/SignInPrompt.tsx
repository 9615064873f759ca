"use client";
import { useTranslations } from "next-intl";
import { useMe } from "@/lib/api/me";
import { usePathname } from "@/lib/i18n/navigation";
import { Link } from "@/lib/i18n/link";

/** On panel pages the guard leaves open, an anonymous visitor is invited to log in (SPEC §2). */
export function SignInPrompt() {
  const t = useTranslations("panel.signIn");
  const me = useMe();
  const pathname = usePathname();
  if (me.isPending || me.data || me.isError) return null;
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-card border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm leading-6 text-brand-900">{t("body")}</p>
      <div className="flex shrink-0 gap-2">
        <Link
          href={{ pathname: "/auth/login", query: { redirect: pathname } }}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("login")}
        </Link>
        <Link
          href="/auth/register"
          className="rounded-lg border border-brand-300 bg-surface px-4 py-2 text-sm font-semibold text-brand-800"
        >
          {t("register")}
        </Link>
      </div>
    </div>
  );
}
