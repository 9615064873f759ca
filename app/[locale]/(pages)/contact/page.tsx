import { getTranslations, setRequestLocale } from "next-intl/server";
import { contactChannels, type ContactKind } from "@/lib/contact/links";
import { titleMetadata } from "@/lib/page-metadata";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { alternatesFor } from "@/lib/seo/alternates";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  const { locale } = await params;
  return { ...(await titleMetadata(params, "contact")), alternates: alternatesFor(isLocale(locale) ? locale : defaultLocale, "/contact") };
}

const icons: Record<ContactKind, string> = {
  phone: "M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2",
  email: "M3 6h18v12H3zM3 6l9 7 9-7",
  whatsapp: "M4 20l1.4-4.2A8 8 0 1112 20a8 8 0 01-4-1.1L4 20z",
  telegram: "M21 4L3 11l6 2 2 6 3-4 5 4 2-15zM9 13l9-6",
  instagram: "M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm5.5-1.5h.01",
};

/**
 * SPEC §2 contact: phone, e-mail, WhatsApp, Telegram and Instagram, each shown only when configured;
 * a demo without any shows example ones, said to be examples (lib/contact/links.ts).
 */
export default async function ContactPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const current = isLocale(locale) ? locale : defaultLocale;
  const [t, titles] = await Promise.all([
    getTranslations({ locale: current, namespace: "contact" }),
    getTranslations({ locale: current, namespace: "titles" }),
  ]);
  const { links, examples } = contactChannels();
  return (
    <div className="mx-auto my-8 w-full max-w-3xl px-4">
      <h1 className="text-3xl font-black">{titles("contact")}</h1>
      <p className="mt-3 leading-8 text-ink-muted">{t("lead")}</p>
      {examples ? (
        <p
          className="mt-6 rounded-card border border-dashed border-brand-200 bg-brand-50 p-4 text-sm leading-7 text-ink"
          data-testid="contact-examples"
        >
          {t("examples")}
        </p>
      ) : null}
      {links.length ? (
        <ul className="mt-8 grid gap-3 sm:grid-cols-2" data-testid="contact-links">
          {links.map((link) => (
            <li key={link.kind}>
              <a
                href={link.href}
                {...(link.href.startsWith("https:") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className="flex items-center gap-4 rounded-card bg-surface p-5 shadow-card hover:ring-2 hover:ring-brand-200"
              >
                <span aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
                    <path d={icons[link.kind]} />
                  </svg>
                </span>
                <span className="min-w-0">
                  <span className="block text-sm text-ink-muted">{t(link.kind)}</span>
                  <bdi dir="ltr" className="block truncate font-semibold text-ink">
                    {link.label}
                  </bdi>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 rounded-card bg-surface p-6 text-ink-muted shadow-card">{t("none")}</p>
      )}
      <section id="support" className="mt-10 scroll-mt-24 rounded-card bg-surface p-6 shadow-card" aria-labelledby="support-title">
        <h2 id="support-title" className="text-xl font-bold">
          {t("supportTitle")}
        </h2>
        <p className="mt-2 leading-8 text-ink-muted">{t("supportBody")}</p>
      </section>
    </div>
  );
}
