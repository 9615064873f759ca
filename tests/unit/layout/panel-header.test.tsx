import { screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PanelHeader } from "@/components/panel/PanelHeader";
import { renderWithProviders } from "../render-with-providers";
import { answerWith } from "../support/msw";

// next-intl's Link needs a mounted Next.js app router: a plain anchor is enough here.
vi.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: ReactNode }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
}));

const balance = 12_345_678;

function fakeApi(unseen: number | null = null) {
  answerWith(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), "http://localhost").pathname;
    const data =
      path === "/api/notifications/count" && unseen !== null
        ? { unseen }
        : path === "/api/me"
          ? { id: "u1", first_name: "Sara", last_name: "Test", role: "user", wallet_balance: balance, unread_notifications: 3 }
          : path === "/api/wallet"
            ? { wallet_balance: balance, earnings_balance: 0, held_balance: 0 }
            : null;
    return new Response(JSON.stringify(data ? { data } : { error: { code: "not_found", message: "Not found." } }), {
      status: data ? 200 : 404,
      headers: { "content-type": "application/json" },
    });
  });
}

afterEach(() => vi.unstubAllGlobals());

// The header must fit a 360 px phone (tests/e2e/phone-layout.spec.ts measures it): there the
// balance is short and the brand shows only its mark, while screen readers keep every word.
describe("panel header on a phone", () => {
  it("shows a short balance, keeps the exact one and its label for screen readers", async () => {
    fakeApi();
    renderWithProviders(<PanelHeader />);
    const wallet = await screen.findByTestId("wallet-balance");
    await within(wallet).findByText("12,345,678 IRR");
    const short = within(wallet).getByText("12.3M IRR");
    expect(short).toHaveAttribute("aria-hidden", "true");
    expect(short).toHaveClass("sm:hidden");
    expect(within(wallet).getByText("12,345,678 IRR")).toHaveClass("sr-only", "sm:not-sr-only");
    expect(within(wallet).getByText("Wallet balance")).toHaveClass("sr-only", "sm:not-sr-only");
    expect(screen.getByRole("link", { name: "Wallet balance 12,345,678 IRR" })).toHaveAttribute("href", "/dashboard/wallet");
  });

  it("keeps the brand's name for screen readers while a phone shows only its mark", () => {
    fakeApi();
    renderWithProviders(<PanelHeader />);
    const brand = screen.getByRole("link", { name: "Takapoo" });
    expect(within(brand).getByText("Takapoo")).toHaveClass("sr-only", "sm:not-sr-only");
  });

  it("counts the notifications not yet seen from their counter, 99+ above 99, said in words to screen readers", async () => {
    fakeApi(150);
    renderWithProviders(<PanelHeader />);
    expect(await screen.findByText("99+")).toHaveAttribute("dir", "ltr");
    expect(screen.getByTestId("notification-count")).toHaveAttribute("aria-label", "Notifications: 150 new notifications");
  });

  it("in Persian digits", async () => {
    fakeApi(7);
    renderWithProviders(<PanelHeader />, "fa-IR");
    await waitFor(() => expect(screen.getByTestId("notification-badge").textContent).toBe("۷"));
  });
});
