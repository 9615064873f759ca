"use client";
import { useLocale } from "next-intl";
import { useEffect, useState } from "react";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { fetchIdentityCard } from "./identity-card-api";

/** The card the person already sent, fetched with their session (an <img src> would not carry a bearer token). */
export function IdentityCardThumbnail({ alt, version }: { alt: string; version: string }) {
  const pageLocale = useLocale();
  const locale = isLocale(pageLocale) ? pageLocale : defaultLocale;
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchIdentityCard(locale, controller.signal)
      .then((blob) => {
        if (!blob || controller.signal.aborted || typeof URL.createObjectURL !== "function") return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setSrc(null);
    };
  }, [locale, version]);

  if (!src) return null;
  // A blob: URL of a private image; next/image cannot optimise it.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt={alt} className="h-28 w-auto max-w-full rounded-lg border border-surface-line object-contain" />;
}
