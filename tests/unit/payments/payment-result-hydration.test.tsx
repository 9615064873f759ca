import { formats } from "@/lib/format/formats";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PaymentResultPage } from "@/components/payments/PaymentResultPage";
import enUS from "@/messages/en-US.json";
import { answerWith } from "../support/msw";

vi.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: ReactNode }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
}));

const search = vi.hoisted(() => ({ value: "" }));
vi.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams(search.value) }));

function page() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <NextIntlClientProvider locale="en-US" messages={enUS} timeZone="Asia/Tehran" formats={formats}>
      <QueryClientProvider client={client}>
        <PaymentResultPage />
      </QueryClientProvider>
    </NextIntlClientProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  search.value = "";
});

describe("payment result page: hydration", () => {
  it("hydrates without a mismatch when the browser's address carries ?tx= the prerendered HTML never saw", async () => {
    // The build prerenders the page (force-static), where useSearchParams() is empty.
    search.value = "";
    const html = renderToString(page());

    // The gateway sends the payer back with ?tx=; the API has not answered yet.
    search.value = "tx=7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2a01";
    answerWith(() => new Promise<Response>(() => {}));
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, page(), { onRecoverableError: (error) => errors.push(error), onUncaughtError: (error) => errors.push(error) }),
    );
    expect(errors).toEqual([]);
    // Nor does the HTML tell the payer, until the script runs, that the payment was not found.
    expect(html).not.toContain("Payment not found");
    expect(container.querySelector("#page-title")).toHaveTextContent("Payment result");
    act(() => root.unmount());
    container.remove();
  });
});
