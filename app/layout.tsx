import type { ReactNode } from "react";
import "./globals.css";

// The real root layout, with <html lang dir>, is app/[locale]/layout.tsx. This one exists so that
// app/not-found.tsx and app/global-error.tsx have a parent.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
