import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CampaignChanges } from "@/components/campaigns/CampaignChanges";
import { CampaignPace } from "@/components/campaigns/CampaignPace";
import { CampaignView } from "@/components/campaigns/CampaignView";
import { CreateCampaign } from "@/components/campaigns/CreateCampaign";
import type { Campaign, CampaignTopUp } from "@/lib/api/campaigns";
import { addDays, tehranDay } from "@/lib/time/tehran";
import { renderWithProviders } from "../render-with-providers";
import { answerWith, jsonResponse, type SentInit } from "../support/msw";
import { campaign as campaignFixture, resetAfterEach } from "./campaign-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("./campaign-fixtures")).navigationMock);
resetAfterEach();

type Sent = { path: string; method: string; headers: Record<string, string>; body: unknown };

/** Answers the API by `route` and records each request (path, method, headers, parsed body). */
function api(route: (path: string, init: SentInit) => Response | undefined) {
  const sent: Sent[] = [];
  answerWith((url, init) => {
    const path = new URL(url).pathname;
    sent.push({ path, method: init.method, headers: init.headers, body: init.body ? JSON.parse(init.body) : undefined });
    return route(path, init);
  });
  return sent;
}

const today = tehranDay(new Date());
const active = campaignFixture({ ends_at: `${addDays(today, 20)}T20:29:59.000Z` });
const PACE_PATH = `/api/campaigns/${active.id}/pace`;
const END_PATH = `/api/campaigns/${active.id}/ends-at`;
const TOP_UP_PATH = `/api/campaigns/${active.id}/top-up`;

/** The top-up card of `active` opened, the wallet holding `balance`, the top-up answered by `answer` (and `more` by path). */
async function openTopUp(balance: number, answer: () => Response, more: Record<string, () => Response> = {}) {
  const sent = api((path) => {
    if (path === "/api/wallet") return jsonResponse(200, { data: { wallet_balance: balance, earnings_balance: 0, held_balance: 0 } });
    if (path === TOP_UP_PATH) return answer();
    return more[path]?.();
  });
  const user = userEvent.setup();
  renderWithProviders(<CampaignChanges campaign={active} />);
  const part = screen.getByRole("region", { name: "Top up" });
  await user.click(within(part).getByRole("button", { name: "Add budget" }));
  return { sent, user, part };
}

describe("the pace card", () => {
  it("says an unpaced campaign goes as fast as boosters take it, and sets a pace typed in Persian digits", async () => {
    const paced: Campaign = {
      ...active,
      pace: { per_day: 50, per_hour: null, hours_from: 9, hours_to: 17, starts_on: null },
      expected_end: "2026-04-12",
    };
    const sent = api((path) =>
      path === PACE_PATH ? jsonResponse(200, { data: { campaign: paced, message: "The pace was changed." } }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<CampaignPace campaign={active} />);
    const card = screen.getByRole("region", { name: "Pace" });
    expect(card).toHaveTextContent("No pace: it is delivered as fast as boosters take it.");
    expect(screen.queryByTestId("pace-expected-end")).not.toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Set a pace" }));
    const form = screen.getByRole("form", { name: "The campaign's pace" });
    expect(within(form).getByLabelText("Units a day")).toHaveFocus();
    await user.type(within(form).getByLabelText("Units a day"), "۵۰");
    await user.selectOptions(within(form).getByLabelText("From (Tehran time)"), "9");
    await user.selectOptions(within(form).getByLabelText("Until (Tehran time)"), "17");
    await user.click(within(form).getByRole("button", { name: "Save the pace" }));

    await waitFor(() => expect(sent.filter((call) => call.method === "PUT")).toHaveLength(1));
    expect(sent.find((call) => call.method === "PUT")).toMatchObject({
      path: PACE_PATH,
      body: { per_day: 50, per_hour: null, hours_from: 9, hours_to: 17, starts_on: null },
    });
    expect(await screen.findByText("The pace was changed.")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "The campaign's pace" })).not.toBeInTheDocument();
    // The keyboard goes back to the button that opened the form.
    expect(within(card).getByRole("button", { name: "Set a pace" })).toHaveFocus();
  });

  it("shows a pace and the day it finishes at that pace, in Jalali dates and Persian digits in fa-IR", () => {
    api(() => undefined);
    renderWithProviders(
      <CampaignPace
        campaign={{
          ...active,
          pace: { per_day: 1200, per_hour: 60, hours_from: 9, hours_to: 17, starts_on: "2026-03-21" },
          expected_end: "2026-04-12",
        }}
      />,
      "fa-IR",
    );
    const card = screen.getByTestId("campaign-pace");
    expect(card).toHaveTextContent("۱٬۲۰۰");
    expect(card).toHaveTextContent("۰۹:۰۰ تا ۱۷:۰۰");
    // 1 Farvardin 1405 is 21 March 2026; 23 Farvardin is 12 April.
    expect(card).toHaveTextContent("۱ فروردین ۱۴۰۵");
    expect(screen.getByTestId("pace-expected-end")).toHaveTextContent("۲۳ فروردین ۱۴۰۵");
    expect(screen.getByTestId("pace-expected-end").querySelector("time")).toHaveAttribute("datetime", "2026-04-12");
  });

  it("says when the pace would run past the end date, and not otherwise", () => {
    api(() => undefined);
    const pace = { per_day: 5, per_hour: null, hours_from: null, hours_to: null, starts_on: null };
    const late = renderWithProviders(<CampaignPace campaign={{ ...active, pace, expected_end: addDays(today, 60) }} />);
    const note = screen.getByTestId("pace-after-end");
    expect(note).toHaveTextContent(/^That is after the campaign ends on .+: what is not delivered by then comes back to your wallet\./);
    expect(note.querySelector("time")).toHaveAttribute("datetime", addDays(today, 20));
    late.unmount();
    renderWithProviders(<CampaignPace campaign={{ ...active, pace, expected_end: addDays(today, 20) }} />);
    expect(screen.getByTestId("pace-expected-end")).toBeInTheDocument();
    expect(screen.queryByTestId("pace-after-end")).not.toBeInTheDocument();
  });

  it("refuses active hours with no end before asking, and puts the server's 422 under its field", async () => {
    const sent = api((path) =>
      path === PACE_PATH
        ? jsonResponse(422, {
            error: {
              code: "campaign_day_invalid",
              message: "Pick a day from today up to 365 days ahead.",
              fields: { starts_on: "Pick a day from today up to 365 days ahead." },
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<CampaignPace campaign={active} />);
    await user.click(screen.getByRole("button", { name: "Set a pace" }));
    const form = screen.getByRole("form", { name: "The campaign's pace" });
    await user.selectOptions(within(form).getByLabelText("From (Tehran time)"), "9");
    await user.click(within(form).getByRole("button", { name: "Save the pace" }));
    expect(await within(form).findByText("This field is required.")).toBeInTheDocument();
    expect(within(form).getByLabelText("Until (Tehran time)")).toHaveAttribute("aria-invalid", "true");
    expect(sent.some((call) => call.method === "PUT")).toBe(false);

    await user.selectOptions(within(form).getByLabelText("From (Tehran time)"), "");
    fireEvent.change(within(form).getByLabelText("Starts on"), { target: { value: addDays(today, 400) } });
    await user.click(within(form).getByRole("button", { name: "Save the pace" }));
    const startsOn = within(form).getByLabelText("Starts on");
    await waitFor(() => expect(startsOn).toHaveAttribute("aria-invalid", "true"));
    expect(startsOn).toHaveAccessibleDescription(expect.stringContaining("Pick a day from today up to 365 days ahead."));
    expect(sent.find((call) => call.method === "PUT")?.body).toMatchObject({ starts_on: addDays(today, 400), hours_from: null });
  });

  it("removes a pace with all nulls", async () => {
    const sent = api((path) =>
      path === PACE_PATH ? jsonResponse(200, { data: { campaign: active, message: "The pace was changed." } }) : undefined,
    );
    renderWithProviders(
      <CampaignPace campaign={{ ...active, pace: { per_day: 5, per_hour: null, hours_from: null, hours_to: null, starts_on: null } }} />,
    );
    expect(screen.getByTestId("campaign-pace")).toHaveTextContent("All day");
    await userEvent.click(screen.getByRole("button", { name: "Remove the pace" }));
    await waitFor(() =>
      expect(sent.find((call) => call.method === "PUT")?.body).toEqual({
        per_day: null,
        per_hour: null,
        hours_from: null,
        hours_to: null,
        starts_on: null,
      }),
    );
  });

  it("offers no change once the campaign has ended, but still shows its pace", () => {
    api(() => undefined);
    renderWithProviders(
      <CampaignPace
        campaign={{
          ...active,
          status: "completed",
          pace: { per_day: 5, per_hour: null, hours_from: null, hours_to: null, starts_on: null },
        }}
      />,
    );
    expect(screen.getByTestId("campaign-pace")).toHaveTextContent("Units a day5");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("changing a running campaign", () => {
  it("moves the end to the Tehran day picked, and shows the server's 422 under the field", async () => {
    const moved: Campaign = { ...active, ends_at: `${addDays(today, 40)}T20:29:59.000Z` };
    let refuse = true;
    const sent = api((path) => {
      if (path !== END_PATH) return undefined;
      if (refuse)
        return jsonResponse(422, {
          error: {
            code: "campaign_day_invalid",
            message: "Pick a day from today up to 365 days ahead.",
            fields: { ends_at: "Pick a day from today up to 365 days ahead." },
          },
        });
      return jsonResponse(200, { data: { campaign: moved, message: "The campaign's end date was changed." } });
    });
    const user = userEvent.setup();
    renderWithProviders(<CampaignChanges campaign={active} />);
    const part = screen.getByRole("region", { name: "End date" });
    expect(within(part).getByTestId("campaign-end").querySelector("time")).toHaveAttribute("datetime", addDays(today, 20));
    await user.click(within(part).getByRole("button", { name: "Change the end date" }));
    const input = within(part).getByLabelText("Last day (Tehran time)");
    expect(input).toHaveFocus();
    expect(input).toHaveValue(addDays(today, 20));
    expect(input).toHaveAttribute("min", today);
    expect(input).toHaveAttribute("max", addDays(today, 365));

    fireEvent.change(input, { target: { value: addDays(today, 400) } });
    await user.click(within(part).getByRole("button", { name: "Save the end date" }));
    await waitFor(() => expect(input).toHaveAttribute("aria-invalid", "true"));
    expect(input).toHaveAccessibleDescription(expect.stringContaining("Pick a day from today up to 365 days ahead."));

    refuse = false;
    fireEvent.change(input, { target: { value: addDays(today, 40) } });
    await user.click(within(part).getByRole("button", { name: "Save the end date" }));
    expect(await within(part).findByText("The campaign's end date was changed.")).toBeInTheDocument();
    expect(sent.filter((call) => call.method === "PUT").map((call) => call.body)).toEqual([
      { ends_at: addDays(today, 400) },
      { ends_at: addDays(today, 40) },
    ]);
  });

  it("tops up a Smart campaign from the wallet with an Idempotency-Key and shows what it added and the new total", async () => {
    const result: CampaignTopUp = {
      campaign: { ...active, budget: 1_660_000 },
      transaction: {
        id: "7d6c1b5a-0000-4000-8000-000000000001",
        amount: 1_000_000,
        status: "paid",
        intent: "campaign_top_up",
        gateway: "wallet",
        reference: null,
        failure_reason: null,
        campaign_id: active.id,
        plan_not_bought: null,
        created_at: "2026-03-21T08:00:00.000Z",
        approved_at: "2026-03-21T08:00:00.000Z",
      },
      added: {
        lines: [
          { metric: "likes", action: "like", unit_price: 3_000, min: 121, max: 151, amount: 453_000, refill_days: 30 },
          { metric: "views_per_post", action: "view", unit_price: 1_500, min: 242, max: 303, amount: 454_500, refill_days: 0 },
        ],
        subtotal: 909_091,
        fee: 90_909,
        total: 1_000_000,
        wallet_covers: 1_000_000,
        remaining: 0,
        expected_end: null,
      },
      redirect_url: null,
      message: "The campaign's budget was topped up from your wallet.",
    };
    const { sent, user, part } = await openTopUp(3_000_000, () => jsonResponse(200, { data: result }));
    const amount = within(part).getByLabelText("Amount (Rials)");
    await waitFor(() => expect(amount).toHaveAccessibleDescription(expect.stringContaining("Balance: 3,000,000")));
    await user.type(amount, "۱٬۰۰۰٬۰۰۰");
    await user.click(within(part).getByRole("button", { name: "Pay from my wallet" }));

    const done = await within(part).findByTestId("top-up-done");
    expect(done).toHaveTextContent("The campaign's budget was topped up from your wallet.");
    expect(done).toHaveTextContent("Likes+151");
    expect(done).toHaveTextContent("Views per post+303");
    expect(done).toHaveTextContent("Campaign total now1,660,000");
    const post = sent.find((call) => call.method === "POST");
    expect(post).toMatchObject({ path: TOP_UP_PATH, body: { amount: 1_000_000, gateway: "wallet" } });
    expect(post?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a top-up through a gateway sends its id and goes there to pay; the campaign waits for the payment", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const gateways = () => jsonResponse(200, { data: [{ id: "sandbox", kind: "test" }] });
    const answer = () =>
      jsonResponse(200, {
        data: {
          campaign: active,
          transaction: {
            id: "7d6c1b5a-0000-4000-8000-000000000002",
            amount: 1_000_000,
            status: "pending",
            intent: "campaign_top_up",
            gateway: "sandbox",
            reference: null,
            failure_reason: null,
            campaign_id: active.id,
            plan_not_bought: null,
            created_at: "2026-03-21T08:00:00.000Z",
            approved_at: null,
          },
          added: { lines: [], subtotal: 909_091, fee: 90_909, total: 1_000_000, wallet_covers: 0, remaining: 0, expected_end: null },
          redirect_url: "https://bank.example/pay/abc",
          message: "You are going to the gateway to pay the top-up; the campaign's budget grows once it is paid.",
        },
      });
    const { sent, user, part } = await openTopUp(0, answer, { "/api/payments/gateways": gateways });
    await user.type(within(part).getByLabelText("Amount (Rials)"), "1000000");
    await user.click(await within(part).findByRole("radio", { name: /Test gateway/ }));
    await user.click(within(part).getByRole("button", { name: "Go to the gateway and pay" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://bank.example/pay/abc"));
    expect(sent.find((call) => call.method === "POST")).toMatchObject({
      path: TOP_UP_PATH,
      body: { amount: 1_000_000, gateway: "sandbox" },
    });
    expect(within(part).queryByTestId("top-up-done")).not.toBeInTheDocument();
  });

  it("refuses an amount under the smallest before asking, and leads a short wallet to charging it", async () => {
    const { sent, user, part } = await openTopUp(0, () =>
      jsonResponse(403, { error: { code: "insufficient_funds", message: "Your wallet balance is not enough for this." } }),
    );
    const amount = within(part).getByLabelText("Amount (Rials)");
    await user.type(amount, "500");
    await user.click(within(part).getByRole("button", { name: "Pay from my wallet" }));
    await waitFor(() => expect(amount).toHaveAttribute("aria-invalid", "true"));
    expect(sent.some((call) => call.method === "POST")).toBe(false);

    await user.clear(amount);
    await user.type(amount, "2000000");
    await user.click(within(part).getByRole("button", { name: "Pay from my wallet" }));
    expect(await within(part).findByText("Your wallet balance is not enough for this.")).toBeInTheDocument();
    expect(within(part).getByRole("link", { name: "Charge wallet" })).toHaveAttribute("href", "/dashboard/wallet/charge_wallet");
  });

  it("offers the end date but no top-up to a running campaign that is not Smart, and nothing once it ended", () => {
    api(() => undefined);
    const { unmount } = renderWithProviders(<CampaignChanges campaign={{ ...active, strategy: "monetize", hours: 100 }} />);
    expect(screen.getByRole("button", { name: "Change the end date" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add budget" })).not.toBeInTheDocument();
    unmount();
    for (const status of ["awaiting_payment", "awaiting_review", "completed", "paid", "rejected"] as const) {
      const view = renderWithProviders(<CampaignChanges campaign={{ ...active, status }} />);
      expect(screen.queryByRole("region", { name: "Change this campaign" })).not.toBeInTheDocument();
      view.unmount();
    }
  });
});

describe("the guarantee and run again on the view, and the create form filled from a campaign", () => {
  const viewApi = (shown: Campaign) =>
    api((path) => {
      if (path === `/api/campaigns/${shown.id}`) return jsonResponse(200, { data: shown });
      if (path.endsWith("/payments")) return jsonResponse(200, { data: [], meta: { page: 1, per_page: 10, total: 0 } });
      if (path === "/api/wallet") return jsonResponse(200, { data: { wallet_balance: 0, earnings_balance: 0, held_balance: 0 } });
      if (path === "/api/payments/gateways") return jsonResponse(200, { data: [] });
      if (path === "/api/campaigns/quote") return jsonResponse(200, { data: shown.invoice });
      return undefined;
    });

  it("shows each line's refill days and until when the campaign is guaranteed", async () => {
    const shown = { ...active, guarantee_ends_at: `${addDays(today, 50)}T20:29:59.000Z` };
    viewApi(shown);
    renderWithProviders(<CampaignView id={shown.id} />);
    const guarantee = await screen.findByTestId("campaign-guarantee");
    expect(guarantee).toHaveTextContent(/^Guaranteed until /);
    expect(guarantee.querySelector("time")).toHaveAttribute("datetime", addDays(today, 50));
    expect(screen.getAllByTestId("invoice-refill").map((line) => line.textContent)).toEqual([
      "Refill guarantee: 30 days",
      "No refill guarantee",
    ]);
    // A running campaign is not run again; it is changed.
    expect(screen.queryByTestId("campaign-run-again")).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Change this campaign" })).toBeInTheDocument();
  });

  it("before its end says how long after it the guarantee runs, or that there is none", async () => {
    const waiting = { ...active, status: "awaiting_review" as const, ends_at: null };
    viewApi(waiting);
    const first = renderWithProviders(<CampaignView id={waiting.id} />);
    expect(await screen.findByTestId("campaign-guarantee")).toHaveTextContent("30 days after the campaign ends");
    first.unmount();
    const none = {
      ...waiting,
      invoice: { ...waiting.invoice, lines: waiting.invoice.lines.map((line) => ({ ...line, refill_days: 0 })) },
    };
    viewApi(none);
    renderWithProviders(<CampaignView id={none.id} />);
    expect(await screen.findByTestId("campaign-guarantee")).toHaveTextContent("No refill guarantee");
  });

  it("offers a finished campaign to run again, and the create form comes filled in from it", async () => {
    const finished: Campaign = {
      ...active,
      status: "completed",
      name: "Nowruz push",
      link: "https://www.youtube.com/@takapoo_nowruz",
      follower_count: 4_321,
      invoice: { ...active.invoice, total: 2_000_000 },
    };
    viewApi(finished);
    const view = renderWithProviders(<CampaignView id={finished.id} />);
    const again = await screen.findByTestId("campaign-run-again");
    expect(again).toHaveAccessibleName("Run again: Nowruz push");
    expect(again).toHaveAttribute("href", `/dashboard/campaigns/create?from=${finished.id}`);
    view.unmount();

    window.history.replaceState(null, "", `/dashboard/campaigns/create?from=${finished.id}`);
    renderWithProviders(<CreateCampaign />);
    expect(await screen.findByTestId("create-from-campaign")).toHaveTextContent("Filled in from “Nowruz push”.");
    expect(screen.getByLabelText("Campaign name")).toHaveValue("Nowruz push");
    expect(screen.getByLabelText("Channel or video link")).toHaveValue("https://www.youtube.com/@takapoo_nowruz");
    expect(screen.getByLabelText("Current followers or subscribers")).toHaveValue("4,321");
    expect(screen.getByLabelText("Campaign total (Rials)")).toHaveValue("2,000,000");
    expect(screen.getByRole("radio", { name: "YouTube" })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Smart/ })).toBeChecked();
    // The policies are accepted anew each time.
    expect(screen.getByRole("checkbox")).not.toBeChecked();
  });

  it("fills a Watch time campaign's hours and share, and starts empty when the campaign cannot be read", async () => {
    const watch: Campaign = { ...active, status: "paid", strategy: "watch_time", hours: 120, percentage: 60 };
    viewApi(watch);
    window.history.replaceState(null, "", `/dashboard/campaigns/create?from=${watch.id}`);
    const first = renderWithProviders(<CreateCampaign />);
    expect(await screen.findByLabelText("Watch hours")).toHaveValue("120");
    expect(screen.getByLabelText("Share of each video watched (%)")).toHaveValue("60");
    first.unmount();

    api(() => undefined);
    renderWithProviders(<CreateCampaign />);
    expect(await screen.findByText("The campaign to run again could not be loaded, so the form starts empty.")).toBeInTheDocument();
    expect(screen.getByLabelText("Campaign name")).toHaveValue("");
  });
});
