import { getTranslations, setRequestLocale } from "next-intl/server";
import { SentryExample } from "@/components/errors/SentryExample";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => titleMetadata(params, "sentryExample");

export default async function SentryExamplePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const titles = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "titles" });
  return (
    <section className="mx-auto my-10 w-full max-w-2xl rounded-card bg-surface p-8 shadow-card">
      <h1 className="text-2xl font-bold">{titles("sentryExample")}</h1>
      <SentryExample enabled={Boolean(process.env.NEXT_PUBLIC_SENTRY_DSN)} />
    </section>
  );
}
