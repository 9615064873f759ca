"use client";
import { useTranslations } from "next-intl";
import { useUiStore } from "@/stores/ui";

/** The small-screen menu button: opens and closes the navigation it controls (SPEC isMobileNavOpen). */
export function MenuToggle({ controls, className }: { controls: string; className: string }) {
  const t = useTranslations("nav");
  const open = useUiStore((s) => s.isMobileNavOpen);
  const setOpen = useUiStore((s) => s.setMobileNavOpen);
  return (
    <button
      type="button"
      className={`rounded-lg border border-surface-line p-2 ${className}`}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? t("closeMenu") : t("openMenu")}
      onClick={() => setOpen(!open)}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
    </button>
  );
}
