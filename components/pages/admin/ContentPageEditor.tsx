"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { BackLink } from "@/components/ui/BackLink";
import { Card } from "@/components/ui/Card";
import { useAdminPage } from "@/lib/api/admin-pages";
import type { PageVersionOutput } from "@/lib/schemas/pages";
import { ApiError } from "@/lib/api/client";
import { defaultLocale, isLocale, locales, type Locale } from "@/lib/i18n/locales";
import { AdminLoadError, AdminLoading } from "@/components/ui/back-office/AdminStates";
import { LocaleTabs } from "@/components/ui/back-office/LocaleTabs";
import { PageVersionForm } from "./PageVersionForm";

/** A slug nobody has written yet: the editor starts empty. */
const isNewPage = (error: unknown) => error instanceof ApiError && error.code === "page_not_found";

/** A content page in its four languages, one tab each; each tab has its own form and preview. */
export function ContentPageEditor({ slug }: { slug: string }) {
  const t = useTranslations("admin.pageEditor");
  const query = useAdminPage(slug);
  const loaded = query.isSuccess || (query.isError && isNewPage(query.error));

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <div className="grid gap-2">
        <BackLink href="/admin/pages">{t("back")}</BackLink>
        <h1 className="text-2xl font-bold text-ink">{t("heading")}</h1>
        <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">
          {t("address")}{" "}
          <bdi dir="ltr" className="font-semibold text-ink">
            /pages/{slug}
          </bdi>
        </p>
      </div>
      {loaded ? (
        <Versions slug={slug} versions={query.data?.versions ?? []} />
      ) : query.isError ? (
        <Card>
          <AdminLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </Card>
      ) : (
        <Card>
          <AdminLoading />
        </Card>
      )}
    </div>
  );
}

function Versions({ slug, versions }: { slug: string; versions: PageVersionOutput[] }) {
  const t = useTranslations("admin.pageEditor");
  const uiLocale = useLocale();
  const byLocale = useMemo(() => new Map(versions.map((v) => [v.locale, v])), [versions]);
  const missing = useMemo(() => new Set(locales.filter((l) => !byLocale.has(l))), [byLocale]);
  // A new page starts with Persian, the version every other language falls back to.
  const [selected, setSelected] = useState<Locale>(() => (versions.length > 0 && isLocale(uiLocale) ? uiLocale : defaultLocale));

  return (
    <div className="grid grid-cols-1 gap-4">
      {versions.length === 0 ? <Alert tone="info">{t("newPage")}</Alert> : null}
      <LocaleTabs
        selected={selected}
        onSelect={setSelected}
        missing={missing}
        label={t("languages")}
        panel={{ className: "focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200", focusable: true }}
      >
        {(locale) => (
          <PageVersionForm slug={slug} locale={locale} version={byLocale.get(locale) ?? null} hasDefault={byLocale.has(defaultLocale)} />
        )}
      </LocaleTabs>
    </div>
  );
}
