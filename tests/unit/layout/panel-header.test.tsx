import { screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PanelHeader } from "@/components/panel/PanelHeader";
import { renderWithProviders } from "../render-with-providers";
import { fakeApi, me, unseen, wallet } from "../support/api";

// next-intl's Link needs a mounted Next.js app router: a plain anchor is enough here.
vi.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: ReactNode }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
}));

const balance = 12_345_678;

/** The header's API: the person and their balances, and the unseen notifications' counter when given. */
function headerApi(count: number | null = null, balances = { wallet_balance: balance, earnings_balance: 0, held_balance: 0 }) {
  fakeApi(
    ...(count !== null ? [unseen(count)] : []),
    me({ id: "u1", first_name: "Sara", last_name: "Test", role: "user", wallet_balance: balances.wallet_balance, unread_notifications: 3 }),
    wallet(balances),
  );
}

afterEach(() => vi.unstubAllGlobals());

// The header must fit a 360 px phone (tests/e2e/phone-layout.spec.ts measures it): there the
// balance is short and the brand shows only its mark, while screen readers keep every word.
describe("panel header on a phone", () => {
  it("shows a short balance, keeps the exact one and its label for screen readers", async () => {
    headerApi();
    renderWithProviders(<PanelHeader />);
    const wallet = await screen.findByTestId("wallet-balance");
    await within(wallet).findByText("12.3M IRR");
    // A phone: the short figure; from sm up: the label and the whole one; both hidden from screen readers, who hear one sentence.
    expect(within(wallet).getByText("12.3M IRR").closest("[aria-hidden]")).toHaveClass("sm:hidden");
    expect(within(wallet).getByText("12,345,678 IRR").closest("[aria-hidden]")).toHaveClass("hidden", "sm:inline-flex");
    expect(screen.getByTestId("header-money-sentence")).toHaveClass("sr-only");
    expect(screen.getByRole("link", { name: "Wallet balance 12,345,678 IRR" })).toHaveAttribute("href", "/dashboard/wallet");
    // A producer who earns nothing sees no earnings figure.
    expect(within(wallet).queryByText("Earnings")).toBeNull();
  });

  it("shows what a booster can withdraw beside the wallet, and marks rewards on hold", async () => {
    // Issue 33: a booster with 5,001,800 Rials earned saw "0 IRR" in the header.
    headerApi(null, { wallet_balance: 0, earnings_balance: 5_001_800, held_balance: 5_400 });
    renderWithProviders(<PanelHeader />);
    const link = await screen.findByRole("link", { name: "Wallet balance 0 IRR, earnings 5,001,800 IRR, 5,400 IRR on hold" });
    expect(within(link).getByText("5M IRR").closest("[aria-hidden]")).toHaveClass("sm:hidden");
    expect(within(link).getByText("5,001,800 IRR")).toBeVisible();
    expect(within(link).getAllByTitle("5,400 IRR on hold")).toHaveLength(2);
  });

  it("keeps the brand's name for screen readers while a phone shows only its mark", () => {
    headerApi();
    renderWithProviders(<PanelHeader />);
    const brand = screen.getByRole("link", { name: "Takapoo" });
    expect(within(brand).getByText("Takapoo")).toHaveClass("sr-only", "sm:not-sr-only");
  });

  it("counts the notifications not yet seen from their counter, 99+ above 99, said in words to screen readers", async () => {
    headerApi(150);
    renderWithProviders(<PanelHeader />);
    expect(await screen.findByText("99+")).toHaveAttribute("dir", "ltr");
    expect(screen.getByTestId("notification-count")).toHaveAttribute("aria-label", "Notifications: 150 new notifications");
  });

  it("in Persian digits", async () => {
    headerApi(7);
    renderWithProviders(<PanelHeader />, "fa-IR");
    await waitFor(() => expect(screen.getByTestId("notification-badge").textContent).toBe("۷"));
  });
});
