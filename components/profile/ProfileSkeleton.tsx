"use client";
import { useTranslations } from "next-intl";

function Block({ lines }: { lines: number }) {
  return (
    <div className="rounded-card bg-surface p-5 shadow-card sm:p-6">
      <div className="mb-5 h-5 w-1/3 rounded bg-surface-line" />
      <div className="grid gap-4">
        {Array.from({ length: lines }, (_, index) => (
          <div key={index} className="grid gap-2">
            <div className="h-3 w-1/4 rounded bg-surface-line" />
            <div className="h-11 rounded-lg bg-surface-sunken" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The page's shape while the profile loads. */
export function ProfileSkeleton() {
  const t = useTranslations("common");
  return (
    <div aria-busy="true" className="animate-pulse motion-reduce:animate-none">
      <p className="sr-only" role="status">
        {t("loading")}
      </p>
      <div className="mb-6 flex flex-wrap items-center gap-3" aria-hidden="true">
        <div className="h-8 w-32 rounded bg-surface-line" />
        <div className="h-7 w-40 rounded-full bg-surface-line" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
        <div className="grid content-start gap-6">
          <Block lines={4} />
          <Block lines={1} />
        </div>
        <div className="grid content-start gap-6">
          <Block lines={2} />
          <Block lines={1} />
        </div>
      </div>
    </div>
  );
}
