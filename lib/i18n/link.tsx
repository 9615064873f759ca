"use client";
import NextLink from "next/link";
import { useLocale } from "next-intl";
import type { ComponentProps } from "react";
import { defaultLocale, isLocale, type Locale } from "./locales";
import { localizedPath } from "./negotiate";

type Query = Record<string, string | number | undefined>;
/** A path inside the app without its locale ("/contact", "/#producers", "/a?b=c"), or a pathname with a query. */
export type AppHref = string | { pathname: string; query?: Query };
export type LinkProps = Omit<ComponentProps<typeof NextLink>, "href" | "locale"> & { href: AppHref; locale?: Locale };

/** "/#producers" in en-US → "/en-US#producers": the locale goes before the path, the query and hash stay after it. */
export function localizedHref(locale: Locale, href: string): string {
  if (!href.startsWith("/")) return href;
  const cut = href.search(/[?#]/);
  const [path, rest] = cut === -1 ? [href, ""] : [href.slice(0, cut), href.slice(cut)];
  return localizedPath(locale, path || "/") + rest;
}

/**
 * The app's one link: next/link with the page's locale (or `locale`) before the path, as proxy.ts serves it
 * (fa-IR unprefixed, the others prefixed). Ours rather than next-intl's createNavigation Link, which brought
 * 2.8 KB (gzip) of routing code to every first load for this one prefix (issue 34).
 */
export function Link({ href, locale, ...props }: LinkProps) {
  const current = useLocale();
  const target = locale ?? (isLocale(current) ? current : defaultLocale);
  const to = typeof href === "string" ? localizedHref(target, href) : { ...href, pathname: localizedHref(target, href.pathname) };
  return <NextLink {...props} href={to} />;
}
