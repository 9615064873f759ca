"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useDeferredValue, useMemo, useState } from "react";
import { useWatch, type Control } from "react-hook-form";
import type { z } from "zod";
import { ContentBody } from "@/components/pages/ContentBody";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { TextAreaField, TextField } from "@/components/ui/Field";
import { publicPagePath, useSavePage } from "@/lib/api/admin-pages";
import { useApiForm } from "@/lib/forms/use-api-form";
import { defaultLocale, directionOf, type Locale } from "@/lib/i18n/locales";
import {
  PAGE_BODY_MAX,
  PAGE_META_DESCRIPTION_MAX,
  PAGE_META_TITLE_MAX,
  PAGE_OG_IMAGE_MAX,
  PAGE_TITLE_MAX,
  pageContentInput,
  type PageVersionOutput,
} from "@/lib/schemas/pages";

type Values = z.input<typeof pageContentInput>;

const toValues = (version: PageVersionOutput | null): Values => ({
  title: version?.title ?? "",
  body: version?.body ?? "",
  meta_title: version?.meta_title ?? "",
  meta_description: version?.meta_description ?? "",
  og_image: version?.og_image ?? "",
});

/**
 * One language's version of a page: title, Markdown body (written in that language's direction),
 * meta title and description, share image; a live preview beside it and Save.
 */
export function PageVersionForm({
  slug,
  locale,
  version,
  hasDefault,
}: {
  slug: string;
  locale: Locale;
  version: PageVersionOutput | null;
  hasDefault: boolean;
}) {
  const t = useTranslations("admin.pageEditor");
  const tForms = useTranslations("forms");
  const format = useFormatter();
  const save = useSavePage(slug);
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const dir = directionOf(locale);
  const id = (field: string) => `page-${locale}-${field}`;

  const values = useMemo(() => toValues(version), [version]);
  const { form, fieldError, failure } = useApiForm(pageContentInput, { values, resetOptions: { keepDirtyValues: true } });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const watched = useWatch({ control });
  const length = (value: string | null | undefined, max: number) =>
    t("length", { count: format.number((value ?? "").length), max: format.number(max) });

  const onSubmit = handleSubmit(
    async (content) => {
      setStatus(null);
      try {
        await save.mutateAsync({ locale, content });
        setStatus({ tone: "success", text: t("saved") });
      } catch (error) {
        setStatus({ tone: "error", text: failure(error) });
      }
    },
    () => setStatus({ tone: "error", text: t("invalid") }),
  );

  // The public page exists in this language, or falls back to the Persian one.
  const viewable = version !== null || hasDefault;
  const common = { lang: locale, dir, spellCheck: true } as const;

  return (
    <div className="grid grid-cols-1 gap-6 pt-2 lg:grid-cols-2 lg:items-start">
      <Card>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
          {version === null ? <Alert tone="info">{locale === defaultLocale ? t("missingDefault") : t("missingNotice")}</Alert> : null}
          {version ? (
            <p className="text-sm text-ink-muted">{t("lastSaved", { date: format.dateTime(new Date(version.updated_at), "dateTime") })}</p>
          ) : null}
          <TextField
            id={id("title")}
            label={t("title")}
            maxLength={PAGE_TITLE_MAX}
            error={fieldError(errors.title)}
            {...common}
            {...register("title")}
          />
          <TextAreaField
            id={id("body")}
            label={t("body")}
            rows={14}
            maxLength={PAGE_BODY_MAX}
            hint={
              <>
                {t("bodyHint")} <span className="block tabular-nums">{length(watched.body, PAGE_BODY_MAX)}</span>
              </>
            }
            error={fieldError(errors.body)}
            {...common}
            {...register("body")}
          />
          <TextField
            id={id("meta-title")}
            label={t("metaTitle")}
            maxLength={PAGE_META_TITLE_MAX}
            hint={
              <>
                {t("metaTitleHint")} <span className="block tabular-nums">{length(watched.meta_title, PAGE_META_TITLE_MAX)}</span>
              </>
            }
            error={fieldError(errors.meta_title)}
            {...common}
            {...register("meta_title")}
          />
          <TextAreaField
            id={id("meta-description")}
            label={t("metaDescription")}
            rows={3}
            maxLength={PAGE_META_DESCRIPTION_MAX}
            hint={
              <>
                {t("metaDescriptionHint")}{" "}
                <span className="block tabular-nums">{length(watched.meta_description, PAGE_META_DESCRIPTION_MAX)}</span>
              </>
            }
            error={fieldError(errors.meta_description)}
            {...common}
            {...register("meta_description")}
          />
          <TextField
            id={id("og-image")}
            label={t("ogImage")}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={PAGE_OG_IMAGE_MAX}
            placeholder="https://"
            hint={t("ogImageHint")}
            error={fieldError(errors.og_image)}
            ltr
            {...register("og_image")}
          />
          {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
            <Button type="submit" busy={save.isPending}>
              {save.isPending ? tForms("saving") : t("save")}
            </Button>
            {viewable ? (
              <a
                href={publicPagePath(locale, slug)}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                {t("view")} <span className="sr-only">{t("newTab")}</span>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-4 w-4 rtl:-scale-x-100"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5" />
                </svg>
              </a>
            ) : null}
          </div>
        </form>
      </Card>
      <Preview control={control} locale={locale} />
    </div>
  );
}

/** The title and body as visitors will see them, re-rendered as the admin types (deferred, for long texts). */
function Preview({ control, locale }: { control: Control<Values>; locale: Locale }) {
  const t = useTranslations("admin.pageEditor");
  const title = useDeferredValue(useWatch({ control, name: "title" }) ?? "");
  const body = useDeferredValue(useWatch({ control, name: "body" }) ?? "");
  const headingId = `page-${locale}-preview`;
  return (
    <section
      aria-labelledby={headingId}
      // A keyboard can reach it, so a long preview can be scrolled without a mouse.
      tabIndex={0}
      className="rounded-card border border-dashed border-surface-line bg-surface p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200 sm:p-6 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto"
    >
      <h2 id={headingId} className="mb-4 text-sm font-semibold text-ink-muted">
        {t("preview")}
      </h2>
      {title.trim() || body.trim() ? (
        <div lang={locale} dir={directionOf(locale)}>
          <p className="text-2xl font-black leading-tight text-ink">{title}</p>
          <div className="mt-4">
            <ContentBody markdown={body} />
          </div>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">{t("previewEmpty")}</p>
      )}
    </section>
  );
}
