import { createNavigation } from "next-intl/navigation";
import { routing } from "./routing";

// Links are lib/i18n/link.tsx (next/link with the locale prefix), which keeps this routing code out of first loads.
export const { redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
