import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PlanList } from "@/components/payouts/PlanList";
import type { MembershipPlanView, MembershipQuoteView, MembershipView } from "@/lib/api/payouts";
import { renderWithProviders } from "../render-with-providers";
import { fakeApi, gateways, jsonResponse, ok, on, plans, wallet } from "../support/api";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/dashboard/payouts"));

const plan = (code: string, price: number, periodDays: number, withdrawals: number, invitations: number): MembershipPlanView => ({
  id: `0190f0a0-0000-7000-8000-00000000000${code.length}`,
  code,
  name: code[0]!.toUpperCase() + code.slice(1),
  price,
  period_days: periodDays,
  withdrawals_per_period: withdrawals,
  invitations_per_period: invitations,
  retention_days: null,
  daily_task_bonus: 0,
});
const bronze = plan("bronze", 2_000_000, 30, 2, 5);
const gold = plan("gold", 12_000_000, 90, 24, 60);
const current: MembershipView = {
  id: "0190f0a0-0000-7000-8000-0000000000aa",
  plan: bronze,
  starts_at: "2026-10-28T08:00:00.000Z",
  ends_at: "2026-11-27T08:00:00.000Z",
  withdrawals_allowed: 2,
  withdrawals_left: 0,
  invitations_allowed: 5,
  invitations_left: 5,
  renewed_until: null,
};
// The server's quote in the last hour of the period: a few Rials, nothing added.
const upgrade: MembershipQuoteView = {
  plan_id: gold.id,
  kind: "upgrade",
  price: 2_778,
  starts_at: "2026-11-27T07:00:00.000Z",
  ends_at: "2026-11-27T08:00:00.000Z",
  days_left: 1 / 24,
  adds: { withdrawals: 0, invitations: 0 },
  withdrawals_allowed: 2,
  invitations_allowed: 5,
};

/** The plans' API: the plans, the membership, the quote, a funded wallet; `purchase` answers a purchase. */
function planApi(
  purchase: (body: unknown) => Response,
  state: { membership: MembershipView | null; quote: MembershipQuoteView } = { membership: current, quote: upgrade },
) {
  return fakeApi(
    plans([bronze, gold]),
    on("*", "/api/memberships/current", () => ok(state.membership)),
    on("*", "/api/memberships/quote", () => ok(state.quote)),
    wallet({ wallet_balance: 5_000_000, earnings_balance: 0, earnings_held: 0, pending_payouts: 0 }),
    gateways(),
    on("POST", "/api/memberships", (_url, call) => purchase(call.body ?? {})),
  );
}

describe("the plans' purchase form", () => {
  it("states what an upgrade gives for its price, and sends the kind and price it showed", async () => {
    const sent = planApi(() =>
      jsonResponse(409, { error: { code: "membership_changed", message: "Your membership changed since this page showed the price." } }),
    );
    renderWithProviders(<PlanList />);
    const card = await screen.findByTestId("plan-gold");
    await userEvent.click(within(card).getByRole("button", { name: "Upgrade" }));
    const quote = await within(card).findByTestId("plan-quote");
    expect(quote).toHaveAttribute("data-kind", "upgrade");
    expect(quote.textContent).toContain("You pay 2,778");
    expect(quote.textContent).toContain("less than a day left");
    expect(quote.textContent).toContain("no extra payout and no extra invitation, in proportion to what you pay");
    await userEvent.click(within(card).getByRole("radio", { name: /Wallet/ }));
    await userEvent.click(within(card).getByRole("button", { name: "Pay and confirm" }));
    await waitFor(() => expect(sent.some((request) => request.path === "/api/memberships" && request.init.method === "POST")).toBe(true));
    const body = JSON.parse(sent.find((request) => request.path === "/api/memberships")!.init.body!);
    expect(body).toEqual({ plan_id: gold.id, pay_from: "wallet", kind: "upgrade", price: 2_778 });
    // The refusal is shown as the API words it.
    expect(await within(card).findByText("Your membership changed since this page showed the price.")).toBeInTheDocument();
    expect(sent.some((request) => `${request.path}${request.url.search}` === `/api/memberships/quote?plan_id=${gold.id}`)).toBe(true);
  });

  it("in Persian: the whole plan's period and allowance, in Persian digits", async () => {
    const whole: MembershipQuoteView = {
      ...upgrade,
      plan_id: bronze.id,
      kind: "new",
      price: 2_000_000,
      days_left: null,
      starts_at: "2026-11-26T08:00:00.000Z",
      ends_at: "2026-12-26T08:00:00.000Z",
      adds: { withdrawals: 2, invitations: 5 },
    };
    planApi(() => jsonResponse(500, {}), { membership: null, quote: whole });
    renderWithProviders(<PlanList />, "fa-IR");
    const card = await screen.findByTestId("plan-bronze");
    await userEvent.click(within(card).getByRole("button", { name: "خرید این طرح" }));
    const quote = await within(card).findByTestId("plan-quote");
    expect(quote.textContent).toContain("۲٬۰۰۰٬۰۰۰");
    expect(quote.textContent).toContain("۲ برداشت");
    expect(quote.textContent).toContain("۵ دعوت");
  });
});
