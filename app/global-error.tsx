"use client";
import { useEffect, useState } from "react";
import { ErrorView } from "@/components/errors/ErrorView";
import { staticErrorTexts } from "@/lib/i18n/static-errors";

/** The last resort: the root layout itself failed. Renders its own <html>. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const [texts] = useState(() => staticErrorTexts(typeof window === "undefined" ? "/" : window.location.pathname));
  useEffect(() => console.error(error), [error]);
  return (
    <html lang={texts.locale} dir={texts.dir}>
      <body style={{ fontFamily: "system-ui, sans-serif", margin: 0 }}>
        <title>{`${texts.errors.serverStatus} | ${texts.brand}`}</title>
        <main id="main">
          <ErrorView status={500} statusText={texts.errors.serverStatus} title={texts.errors.serverStatus} body={texts.errors.serverBody}>
            <button type="button" onClick={reset}>
              {texts.common.retry}
            </button>
          </ErrorView>
        </main>
      </body>
    </html>
  );
}
