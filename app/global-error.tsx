"use client";
import { useEffect, useState } from "react";
import { ErrorView } from "@/components/errors/ErrorView";
import { directionOf } from "@/lib/i18n/locales";
import { loadStaticErrorTexts, localeOfPath } from "@/lib/i18n/static-errors";

type Texts = Awaited<ReturnType<typeof loadStaticErrorTexts>>;

/** The last resort: the root layout itself failed. Renders its own <html>. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const [locale] = useState(() => localeOfPath(typeof window === "undefined" ? "/" : window.location.pathname));
  const [texts, setTexts] = useState<Texts | null>(null);
  useEffect(() => console.error(error), [error]);
  useEffect(() => {
    void loadStaticErrorTexts(locale).then(setTexts);
  }, [locale]);
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body style={{ fontFamily: "system-ui, sans-serif", margin: 0 }}>
        {texts ? (
          <>
            <title>{`${texts.errors.serverStatus} | ${texts.brand}`}</title>
            <main id="main">
              <ErrorView
                status={500}
                statusText={texts.errors.serverStatus}
                title={texts.errors.serverStatus}
                body={texts.errors.serverBody}
              >
                <button type="button" onClick={reset}>
                  {texts.common.retry}
                </button>
              </ErrorView>
            </main>
          </>
        ) : null}
      </body>
    </html>
  );
}
