"use client";
import { useIdentityCardUrl } from "@/lib/api/identity-card";

/** The card the person already sent, fetched with their session (an <img src> would not carry a bearer token). */
export function IdentityCardThumbnail({ alt, version }: { alt: string; version: string }) {
  const src = useIdentityCardUrl(version);
  if (!src) return null;
  // A blob: URL of a private image; next/image cannot optimise it.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt={alt} className="h-28 w-auto max-w-full rounded-lg border border-surface-line object-contain" />;
}
