import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { formats } from "@/lib/format/formats";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";

const catalogues = { "en-US": enUS, "fa-IR": faIR } as const;

/** Renders a client component the way the panel and back office layouts do: messages and a fresh React Query client, no retries. */
export function renderWithProviders(ui: ReactNode, locale: keyof typeof catalogues = "en-US") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <NextIntlClientProvider locale={locale} messages={catalogues[locale]} timeZone="Asia/Tehran" formats={formats}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </NextIntlClientProvider>,
  );
}
