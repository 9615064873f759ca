import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CampaignMonthly, dayInTehranMonth } from "@/components/campaigns/CampaignMonthly";
import type { Campaign } from "@/lib/api/campaigns";
import { tehranDay, tehranMonthOf } from "@/lib/time/tehran";
import { renderWithProviders } from "../render-with-providers";
import { fakeApi, ok, on, refusal, wallet, jsonResponse } from "../support/api";
import { campaign, resetAfterEach } from "./campaign-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("./campaign-fixtures")).navigationMock);
resetAfterEach();

const thisMonth = tehranMonthOf(tehranDay(new Date()));
const running = campaign();
const PATH = `/api/campaigns/${running.id}/monthly-budget`;
/** This month's budget of 2,200,000 Rials a month: 2,000,000 for tasks, 750,000 of it spent; renewed on 1 Dey 1405. */
const monthly: NonNullable<Campaign["monthly"]> = {
  amount: 2_200_000,
  month: thisMonth,
  for_tasks: 2_000_000,
  spent: 750_000,
  left: 1_250_000,
  renews_on: "2026-12-22",
  paused_short: false,
};
const saved = (shown: Campaign) => on("PUT", PATH, () => ok({ campaign: shown, message: "The campaign's monthly budget was saved." }));
const card = () => screen.getByRole("region", { name: "Monthly budget" });

describe("a Smart campaign run month by month", () => {
  it("shows the minimum monthly cost and this month's budget set, spent and left, in Persian digits and the Jalali month in fa-IR", () => {
    fakeApi();
    renderWithProviders(<CampaignMonthly campaign={campaign({ monthly: { ...monthly, month: "1405-09" } })} />, "fa-IR");
    expect(screen.getByTestId("monthly-minimum")).toHaveTextContent("حداقل هزینهٔ ماهانه۱٬۶۵۰٬۰۰۰ ریال");
    const month = screen.getByTestId("monthly-this-month");
    expect(month).toHaveTextContent("ماهآذر ۱۴۰۵");
    expect(month).toHaveTextContent("بودجهٔ ماهانه (با کارمزد)۲٬۲۰۰٬۰۰۰ ریال");
    expect(month).toHaveTextContent("تعیین‌شده برای کارها۲٬۰۰۰٬۰۰۰ ریال");
    expect(month).toHaveTextContent("هزینه‌شده۷۵۰٬۰۰۰ ریال");
    expect(month).toHaveTextContent("باقی‌مانده۱٬۲۵۰٬۰۰۰ ریال");
    // 22 December 2026 is 1 Dey 1405.
    const renews = screen.getByTestId("monthly-renews");
    expect(renews).toHaveTextContent("۱ دی ۱۴۰۵");
    expect(renews.querySelector("time")).toHaveAttribute("datetime", "2026-12-22");
    expect(renews.textContent).not.toMatch(/[0-9]/);
    expect(screen.queryByTestId("monthly-paused-short")).not.toBeInTheDocument();
  });

  it("names every Tehran month from the middle of it", () => {
    for (let year = 1400; year <= 1430; year++)
      for (let month = 1; month <= 12; month++) {
        const name = `${year}-${String(month).padStart(2, "0")}`;
        expect(tehranMonthOf(dayInTehranMonth(name).toISOString().slice(0, 10))).toBe(name);
      }
  });

  it("sets a monthly budget typed in Persian digits with an Idempotency-Key, and shows the server's message and this month", async () => {
    const calls = fakeApi(wallet({ wallet_balance: 5_000_000, earnings_balance: 0, held_balance: 0 }), saved(campaign({ monthly })));
    const user = userEvent.setup();
    renderWithProviders(<CampaignMonthly campaign={running} />);
    expect(card()).toHaveTextContent("This campaign is not run month by month");
    expect(within(card()).queryByRole("button", { name: "Stop renewing" })).not.toBeInTheDocument();

    await user.click(within(card()).getByRole("button", { name: "Run month by month" }));
    const form = screen.getByRole("form", { name: "The campaign's monthly budget" });
    const amount = within(form).getByLabelText("Monthly budget (Rials)");
    expect(amount).toHaveFocus();
    await waitFor(() => expect(amount).toHaveAccessibleDescription(expect.stringContaining("Balance: 5,000,000")));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining("At least 1,650,000 IRR, the service fee inside."));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining("This month's budget is paid from your wallet now."));
    await user.type(amount, "۲٬۲۰۰٬۰۰۰");
    await user.click(within(form).getByRole("button", { name: "Save the monthly budget" }));

    expect(await within(card()).findByText("The campaign's monthly budget was saved.")).toBeInTheDocument();
    const put = calls.filter((call) => call.method === "PUT");
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({ path: PATH, body: { amount: 2_200_000 } });
    expect(put[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The form closed, the keyboard back on the button that opened it (the view shows the answered campaign: useSetMonthlyBudget).
    expect(screen.queryByRole("form", { name: "The campaign's monthly budget" })).not.toBeInTheDocument();
    expect(within(card()).getByRole("button", { name: "Run month by month" })).toHaveFocus();
  });

  it("puts the server's 422 under the field, and leads a short wallet to charging it", async () => {
    const tooSmall = () =>
      jsonResponse(422, {
        error: {
          code: "campaign_monthly_too_small",
          message: "This campaign's monthly budget must be at least 1,650,000 Rials.",
          fields: { amount: "This campaign's monthly budget must be at least 1,650,000 Rials." },
        },
      });
    let answer = tooSmall;
    const calls = fakeApi(
      wallet({ wallet_balance: 0, earnings_balance: 0, held_balance: 0 }),
      on("PUT", PATH, () => answer()),
    );
    const user = userEvent.setup();
    renderWithProviders(<CampaignMonthly campaign={running} />);
    await user.click(within(card()).getByRole("button", { name: "Run month by month" }));
    const form = screen.getByRole("form", { name: "The campaign's monthly budget" });
    const amount = within(form).getByLabelText("Monthly budget (Rials)");
    await user.type(amount, "1000000");
    await user.click(within(form).getByRole("button", { name: "Save the monthly budget" }));
    await waitFor(() => expect(amount).toHaveAttribute("aria-invalid", "true"));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining("This campaign's monthly budget must be at least 1,650,000 Rials."));
    // Said once, under the field.
    expect(within(form).getAllByText("This campaign's monthly budget must be at least 1,650,000 Rials.")).toHaveLength(1);
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ amount: 1_000_000 });

    answer = () => refusal(403, "insufficient_funds", "Your wallet balance is not enough for this.");
    await user.clear(amount);
    await user.type(amount, "2200000");
    await user.click(within(form).getByRole("button", { name: "Save the monthly budget" }));
    expect(await within(form).findByText("Your wallet balance is not enough for this.")).toBeInTheDocument();
    expect(within(screen.getByTestId("monthly-short")).getByRole("link", { name: "Charge wallet" })).toHaveAttribute(
      "href",
      "/dashboard/wallet/charge_wallet",
    );
  });

  it("says a campaign paused for a short wallet is paused, with the link to charge the wallet", () => {
    fakeApi();
    renderWithProviders(
      <CampaignMonthly campaign={campaign({ status: "paused", monthly: { ...monthly, month: "1405-08", paused_short: true } })} />,
    );
    const paused = screen.getByTestId("monthly-paused-short");
    expect(paused).toHaveTextContent("This campaign is paused: your wallet was short of this month's budget.");
    expect(within(paused).getByRole("link", { name: "Charge wallet" })).toHaveAttribute("href", "/dashboard/wallet/charge_wallet");
    expect(screen.getByTestId("monthly-this-month")).toHaveTextContent("MonthAban 1405");
  });

  it("stops renewing with null, and says the new amount applies from the next month when this one has its budget", async () => {
    const calls = fakeApi(wallet(), saved(running));
    const user = userEvent.setup();
    renderWithProviders(<CampaignMonthly campaign={campaign({ monthly })} />);
    await user.click(within(card()).getByRole("button", { name: "Change the monthly budget" }));
    const amount = screen.getByLabelText("Monthly budget (Rials)");
    expect(amount).toHaveValue("2,200,000");
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining("This month has its budget; the new amount is paid from next month"),
    );
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    await user.click(within(card()).getByRole("button", { name: "Stop renewing" }));
    expect(await within(card()).findByText("The campaign's monthly budget was saved.")).toBeInTheDocument();
    const put = calls.filter((call) => call.method === "PUT");
    expect(put.map((call) => call.body)).toEqual([{ amount: null }]);
    expect(put[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("after renewing stopped, this month's paid budget is still shown, the campaign said to end with it, and it may run month by month again", () => {
    fakeApi(wallet());
    renderWithProviders(<CampaignMonthly campaign={campaign({ monthly: { ...monthly, amount: null, renews_on: null } })} />);
    const month = screen.getByTestId("monthly-this-month");
    expect(month).toHaveTextContent("Monthly budget (fee included)Not renewed");
    expect(month).toHaveTextContent("Left1,250,000");
    expect(screen.getByTestId("monthly-ends")).toHaveTextContent(
      "The monthly budget is no longer renewed: this campaign ends with this month.",
    );
    expect(screen.queryByTestId("monthly-renews")).not.toBeInTheDocument();
    expect(within(card()).getByRole("button", { name: "Run month by month" })).toBeInTheDocument();
    expect(within(card()).queryByRole("button", { name: "Stop renewing" })).not.toBeInTheDocument();
  });

  it("shows no card for a campaign that is not Smart, and no change once a Smart one has ended", () => {
    fakeApi();
    const other = renderWithProviders(
      <CampaignMonthly campaign={campaign({ strategy: "monetize", hours: 100, minimum_monthly_cost: null })} />,
    );
    expect(screen.queryByRole("region", { name: "Monthly budget" })).not.toBeInTheDocument();
    expect(other.container).toBeEmptyDOMElement();
    other.unmount();
    renderWithProviders(<CampaignMonthly campaign={campaign({ status: "completed", monthly })} />);
    expect(screen.getByTestId("monthly-minimum")).toHaveTextContent("1,650,000");
    expect(within(card()).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByTestId("monthly-renews")).not.toBeInTheDocument();
  });

  it("shows no card once a Smart campaign that never ran month by month has ended", () => {
    fakeApi();
    for (const status of ["completed", "paid", "rejected"] as const) {
      const view = renderWithProviders(<CampaignMonthly campaign={campaign({ status, monthly: null })} />);
      expect(view.container, status).toBeEmptyDOMElement();
      view.unmount();
    }
  });
});
