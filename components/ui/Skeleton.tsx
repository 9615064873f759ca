"use client";
import { useTranslations } from "next-intl";

/** Grey bars in the shape of what is loading, announced once as "Loading…". */
export function SkeletonLines({ lines = 3, className = "" }: { lines?: number; className?: string }) {
  const tc = useTranslations("common");
  return (
    <div aria-busy="true" className={`animate-pulse motion-reduce:animate-none ${className}`}>
      <p className="sr-only" role="status">
        {tc("loading")}
      </p>
      <div className="grid gap-3" aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          <div key={index} className="h-10 rounded-lg bg-surface-sunken" />
        ))}
      </div>
    </div>
  );
}

/** A polite "loading" line over three bars of different lengths (the back office's cards). */
export function SkeletonText({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-3">
      <span className="sr-only">{label}</span>
      {["w-1/3", "w-2/3", "w-1/2"].map((width) => (
        <div key={width} aria-hidden="true" className={`h-5 ${width} animate-pulse rounded bg-surface-sunken`} />
      ))}
    </div>
  );
}
