"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { QueueCard } from "@/components/ui/QueueCard";
import { TextField } from "@/components/ui/Field";
import { useApiForm } from "@/lib/forms/use-api-form";
import { useAdminPages } from "@/lib/api/admin-pages";
import { useRouter } from "@/lib/i18n/navigation";
import { Link } from "@/lib/i18n/link";
import { locales } from "@/lib/i18n/locales";
import { newPageInput, PAGE_SLUG_MAX, type PageSummary } from "@/lib/schemas/pages";
import { useQueueList } from "@/components/ui/back-office/use-queue-paging";
import { ScrollRegion } from "@/components/ui/ScrollRegion";

/** The back office's content pages: every slug with its languages, and a form to start a new one. */
export function ContentPageList() {
  const { rows: pages, card } = useQueueList("admin.pages", useAdminPages());
  return (
    <QueueCard className="grid-cols-1" {...card} after={<NewPageForm />}>
      <PageTable pages={pages} />
    </QueueCard>
  );
}

function PageTable({ pages }: { pages: PageSummary[] }) {
  const t = useTranslations("admin.pages");
  const tLanguages = useTranslations("language.names");
  const format = useFormatter();
  const th = "px-2 py-2 text-start font-medium sm:px-3";
  const cell = "px-2 py-3 sm:px-3";
  return (
    // relative: the visually hidden texts (absolutely positioned) stay inside the scrolling box.
    <ScrollRegion label={t("caption")} className="relative">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{t("caption")}</caption>
        <thead>
          <tr className="border-b border-surface-line text-ink-muted">
            <th scope="col" className={th}>
              {t("slug")}
            </th>
            <th scope="col" className={th}>
              {t("languages")}
            </th>
            <th scope="col" className={th}>
              {t("updated")}
            </th>
            <th scope="col" className="px-2 py-2 text-end font-medium sm:px-3">
              <span className="sr-only">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => {
            const present = new Set(page.locales.map((v) => v.locale));
            return (
              <tr key={page.slug} className="border-b border-surface-line align-top last:border-b-0">
                <th scope="row" className={`${cell} text-start font-semibold text-ink break-words`}>
                  <bdi dir="ltr">{page.slug}</bdi>
                </th>
                <td className={cell}>
                  <ul className="flex flex-wrap gap-1.5" role="list">
                    {locales.map((locale) => (
                      <li
                        key={locale}
                        lang={locale}
                        className={`rounded-full px-1.5 py-0.5 text-xs font-medium sm:px-2 ${
                          present.has(locale) ? "bg-brand-50 text-brand-800" : "bg-surface-sunken text-ink-muted line-through"
                        }`}
                      >
                        {tLanguages(locale)}
                        {present.has(locale) ? null : (
                          <>
                            {" "}
                            <span className="sr-only">({t("notTranslated")})</span>
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={`${cell} text-ink-muted`}>
                  <time dateTime={page.updated_at}>{format.dateTime(new Date(page.updated_at), "compact")}</time>
                </td>
                <td className="py-3 ps-1 text-end sm:px-3">
                  <Link
                    href={`/admin/pages/${page.slug}`}
                    aria-label={t("editFor", { slug: page.slug })}
                    className="inline-flex rounded-lg px-1.5 py-1.5 font-semibold text-brand-700 hover:bg-brand-50 sm:px-3"
                  >
                    {t("edit")}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** A new page starts with its slug: the editor then writes its first version. */
function NewPageForm() {
  const t = useTranslations("admin.pages");
  const router = useRouter();
  const { form, fieldError, submit } = useApiForm(newPageInput, { defaultValues: { slug: "" } });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = submit(({ slug }) => router.push(`/admin/pages/${slug}`));

  return (
    <Card title={t("newTitle")} id="new-page">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <TextField
          label={t("newSlug")}
          hint={t.rich("newSlugHint", {
            code: (chunks) => (
              <code dir="ltr" className="font-semibold">
                {chunks}
              </code>
            ),
          })}
          error={fieldError(errors.slug)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={PAGE_SLUG_MAX}
          ltr
          className="flex-1"
          {...register("slug")}
        />
        <Button type="submit" busy={isSubmitting} className="sm:mt-7">
          {t("create")}
        </Button>
      </form>
    </Card>
  );
}
