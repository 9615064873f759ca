"use client";
import { lazy, Suspense, useState } from "react";
import { useUiStore } from "@/stores/ui";

const LanguageModal = lazy(() => import("./LanguageModal").then(({ LanguageModal }) => ({ default: LanguageModal })));

/**
 * Where the language chooser lives on every page. Its code is fetched the first time someone opens
 * it (or hovers the language button: see LanguageButton), not with the page.
 */
export function LanguageModalSlot() {
  const open = useUiStore((s) => s.isLangModalOpen);
  // Once opened it stays mounted (closing is the dialog's own business).
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  if (!mounted && !open) return null;
  return (
    <Suspense fallback={null}>
      <LanguageModal />
    </Suspense>
  );
}

/** Starts fetching the chooser's code early (on hover or focus of the button that opens it). */
export function preloadLanguageModal(): void {
  void import("./LanguageModal");
}
