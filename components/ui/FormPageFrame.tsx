"use client";
import type { ReactNode } from "react";
import { BackLink } from "@/components/ui/BackLink";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { SignInCard } from "./SignInCard";

/**
 * A panel page that asks for one thing (a payout, an invitation): the way back, the heading and a line
 * of introduction over the form; a visitor is asked to sign in instead; while its data loads, a
 * skeleton; when it fails, the reason with a retry.
 */
export function FormPageFrame({
  back,
  title,
  intro,
  signIn,
  loading,
  failure,
  width = "max-w-2xl",
  children,
}: {
  back: { href: string; label: string };
  title: string;
  intro: string;
  /** Set when nobody is signed in: what to say and where to come back to. */
  signIn: { body: string; redirect: string } | null;
  loading: boolean;
  failure: { message: string; onRetry: () => void; retrying: boolean } | null;
  width?: "max-w-2xl" | "max-w-3xl";
  children: () => ReactNode;
}) {
  const heading = (
    <h1 id="page-title" className="text-2xl font-bold text-ink">
      {title}
    </h1>
  );
  if (signIn) return <SignInCard heading={heading} body={signIn.body} redirect={signIn.redirect} />;
  return (
    <div className={`mx-auto grid w-full ${width} gap-6`}>
      <header className="grid gap-1">
        <BackLink href={back.href}>{back.label}</BackLink>
        {heading}
        <p className="text-sm leading-6 text-ink-muted">{intro}</p>
      </header>
      {loading ? <SkeletonLines lines={4} /> : failure ? <LoadError {...failure} /> : children()}
    </div>
  );
}
