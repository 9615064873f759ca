"use client";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState, useTransition, type FormEvent } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { useUpdateProfile } from "@/lib/api/me";
import { useFailureText } from "@/lib/forms/use-api-form";
import { rememberLocale } from "@/lib/i18n/locale-cookie";
import { defaultLocale, isLocale, locales, type Locale } from "@/lib/i18n/locales";
import { usePathname, useRouter } from "@/lib/i18n/navigation";

/** The interface language: saved on the account, remembered in the cookie, and the same page opened in it. */
export function LanguageForm() {
  const t = useTranslations("profile.language");
  const names = useTranslations("language.names");
  const tf = useTranslations("forms");
  const failureText = useFailureText();
  const current = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const update = useUpdateProfile();
  const selectId = useId();
  const [choice, setChoice] = useState<Locale>(isLocale(current) ? current : defaultLocale);
  const [error, setError] = useState<string | null>(null);
  const [navigating, startTransition] = useTransition();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const locale = choice;
    try {
      await update.mutateAsync({ locale });
    } catch (failure) {
      setError(failureText(failure));
      return;
    }
    rememberLocale(locale);
    startTransition(() => router.replace(pathname, { locale }));
  };

  return (
    <Card title={t("title")} id="profile-language">
      <p className="-mt-2 mb-4 text-sm leading-6 text-ink-muted">{t("description")}</p>
      <form onSubmit={onSubmit} className="grid gap-4">
        <div>
          <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-ink">
            {t("label")}
          </label>
          <select
            id={selectId}
            value={choice}
            onChange={(event) => {
              if (isLocale(event.target.value)) setChoice(event.target.value);
            }}
            className="block w-full rounded-lg border border-surface-line bg-surface px-3 py-2.5 text-base text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          >
            {locales.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {names(locale)}
              </option>
            ))}
          </select>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div>
          <Button type="submit" busy={update.isPending || navigating}>
            {update.isPending ? tf("saving") : t("save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
