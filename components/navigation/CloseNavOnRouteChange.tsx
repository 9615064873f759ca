"use client";
import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { useUiStore } from "@/stores/ui";

/** SPEC §2: the mobile navigation menu closes on every route change. */
export function CloseNavOnRouteChange() {
  const pathname = usePathname();
  const close = useUiStore((s) => s.setMobileNavOpen);
  useEffect(() => close(false), [pathname, close]);
  return null;
}
