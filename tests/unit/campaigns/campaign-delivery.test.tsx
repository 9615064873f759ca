import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CampaignDelivery } from "@/components/campaigns/CampaignDelivery";
import type { Delivery } from "@/lib/api/campaigns";
import { addDays } from "@/lib/time/tehran";
import { renderWithProviders } from "../render-with-providers";
import { campaign, fakeApi, jsonResponse, quote, resetAfterEach } from "./campaign-fixtures";

/** uPlot draws on a canvas jsdom does not have: a stand-in records what each chart was given. */
type Made = { options: import("uplot").Options; data: (number | null)[][] };
const charts = vi.hoisted(() => [] as Made[]);
vi.mock("uplot", () => ({
  default: class {
    constructor(options: Made["options"], data: Made["data"], target: HTMLElement) {
      charts.push({ options, data });
      target.append(document.createElement("canvas"));
    }
    setSize() {}
    destroy() {}
  },
}));
vi.mock("@/lib/i18n/navigation", async () => (await import("./campaign-fixtures")).navigationMock);
resetAfterEach();

const LAST_DAY = "2025-04-18";
const zero = { delivered: 0, auto_checked: 0, watched: 0, reviewed: 0, dropped: 0, refilled: 0 };

/** `count` Tehran days ending LAST_DAY, oldest first; day i delivered i+1 units (reviewed), the 10th from last dropped 2, the next refilled them. */
function history(count: number): Delivery["days"] {
  return Array.from({ length: count }, (_, index) => {
    const day = addDays(LAST_DAY, index - (count - 1));
    const fromLast = count - 1 - index;
    return {
      day,
      delivered: index + 1,
      auto_checked: 0,
      watched: 0,
      reviewed: index + 1,
      dropped: fromLast === 10 ? 2 : 0,
      refilled: fromLast === 9 ? 2 : 0,
    };
  });
}

function delivery(overrides: Partial<Delivery> = {}): Delivery {
  const days = overrides.days ?? history(30);
  const sum = (key: keyof typeof zero) => days.reduce((total, day) => total + day[key], 0);
  return {
    delivered: sum("delivered") - sum("dropped"),
    auto_checked: 0,
    watched: 0,
    reviewed: sum("reviewed"),
    dropped: sum("dropped"),
    refilled: sum("refilled"),
    awaiting_review: 0,
    days,
    network: { status: "not_yet", start: null, start_at: null, days: [] },
    eta: { remaining: 140, rate_per_day: 26.7, at: "2025-04-24" },
    ...overrides,
  };
}

function answer(data: Delivery) {
  return fakeApi((url) => (url.pathname.endsWith("/delivery") ? jsonResponse(200, { data }) : undefined));
}

const counts = (subscribers: number | null, hidden = false) => ({
  subscribers,
  views: 90_000,
  likes: null,
  comments: null,
  subscribers_hidden: hidden,
});

describe("the campaign's delivery panel", () => {
  it("charts 30 days and lists the same 30 in a table, newest first, with the expected end; it asks for 90 days", async () => {
    charts.length = 0;
    const calls = answer(delivery());
    renderWithProviders(<CampaignDelivery campaign={campaign()} />);

    const table = await screen.findByRole("table", { name: "Delivery per day (Tehran time), newest first" });
    expect(calls[0]!.url.searchParams.get("days")).toBe("90");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(30);
    expect(within(rows[0]!).getByRole("rowheader")).toHaveTextContent("April 18, 2025");
    expect(rows[0]!.querySelector("time")).toHaveAttribute("dateTime", LAST_DAY);
    // Day, delivered, auto-checked, watched, reviewed, dropped, refilled: the newest day delivered 30.
    expect(
      within(rows[0]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["30", "0", "0", "30", "0", "0"]);
    expect(
      within(rows[10]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["20", "0", "0", "20", "2", "0"]);
    expect(within(rows[29]!).getByRole("rowheader")).toHaveTextContent("March 20, 2025");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    expect(headers).toEqual(["Day", "Delivered", "Auto-checked", "Watch session", "Reviewed", "Dropped at release", "Refilled"]);

    const chart = screen.getByRole("img", { name: /^Chart of the units delivered per day, Mar 20 to Apr 18\./ });
    await waitFor(() => expect(chart.querySelector("canvas")).not.toBeNull());
    const [made] = charts;
    expect(made!.data[0]).toHaveLength(30);
    expect(made!.data[1]).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(made!.options.series.slice(1).map((line) => line.label)).toEqual([
      "Delivered",
      "Auto-checked",
      "Watch session",
      "Reviewed",
      "Dropped at release",
      "Refilled",
    ]);
    expect(made!.options.scales!.x!.dir).toBe(1);

    expect(screen.getByTestId("delivery-eta")).toHaveTextContent(
      "Expected to finish on April 24, 2025 at the last 7 days' rate (26.7 a day).",
    );
  });

  it("writes Jalali days and Persian digits in fa-IR, and runs the time axis right to left", async () => {
    charts.length = 0;
    answer(delivery());
    renderWithProviders(<CampaignDelivery campaign={campaign()} />, "fa-IR");

    const table = await screen.findByRole("table", { name: "تحویل روزانه (به وقت تهران)، جدیدترین روز نخست" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(30);
    // 2025-04-18 is 29 Farvardin 1404; 2025-03-20 is 30 Esfand 1403.
    expect(within(rows[0]!).getByRole("rowheader")).toHaveTextContent("۲۹ فروردین ۱۴۰۴");
    expect(within(rows[29]!).getByRole("rowheader")).toHaveTextContent("۳۰ اسفند ۱۴۰۳");
    expect(within(rows[0]!).getAllByRole("cell")[0]).toHaveTextContent("۳۰");
    expect(table.textContent).not.toMatch(/[0-9]/);

    await waitFor(() => expect(charts).toHaveLength(1));
    const [made] = charts;
    expect(made!.options.scales!.x!.dir).toBe(-1);
    expect(made!.options.axes![1]!.side).toBe(1);
    const axis = made!.options.axes![0]!.values as (self: unknown, splits: number[]) => string[];
    expect(axis(null, [0, 29])).toEqual(["۳۰ اسفند", "۲۹ فروردین"]);
    const yAxis = made!.options.axes![1]!.values as (self: unknown, splits: number[]) => string[];
    expect(yAxis(null, [0, 1200])).toEqual(["۰", "۱٬۲۰۰"]);

    expect(screen.getByTestId("delivery-eta")).toHaveTextContent(
      "با آهنگ ۷ روز گذشته (۲۶٫۷ در روز)، پایان آن ۴ اردیبهشت ۱۴۰۴ پیش‌بینی می‌شود.",
    );
  });

  it("says nothing was delivered yet, without a chart, for a new campaign", async () => {
    charts.length = 0;
    const today = { day: LAST_DAY, ...zero };
    answer(delivery({ days: [today], eta: { remaining: 300, rate_per_day: 0, at: null } }));
    renderWithProviders(<CampaignDelivery campaign={campaign({ delivered: {}, progress: 0 })} />);

    expect(await screen.findByTestId("delivery-empty")).toHaveTextContent(
      "Nothing has been delivered yet. The chart starts with the first unit delivered.",
    );
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(charts).toHaveLength(0);
    expect(screen.getByTestId("delivery-eta")).toHaveTextContent(
      "When it will finish cannot be told yet: nothing was delivered in the last 7 days (300 units left).",
    );
  });

  it("says a finished delivery is finished, and gives no expected end once the campaign is completed", async () => {
    answer(delivery({ eta: { remaining: 0, rate_per_day: 10, at: null } }));
    const { unmount } = renderWithProviders(<CampaignDelivery campaign={campaign()} />);
    expect(await screen.findByTestId("delivery-eta")).toHaveTextContent("Everything bought has been delivered.");
    unmount();

    answer(delivery());
    renderWithProviders(<CampaignDelivery campaign={campaign({ status: "completed" })} />);
    await screen.findByTestId("delivery-table");
    expect(screen.queryByTestId("delivery-eta")).not.toBeInTheDocument();
  });

  it("shows a failure with a retry, like the other panels", async () => {
    fakeApi((url) =>
      url.pathname.endsWith("/delivery") ? jsonResponse(500, { error: { code: "internal", message: "Boom", request_id: "r" } }) : undefined,
    );
    renderWithProviders(<CampaignDelivery campaign={campaign()} />);
    expect(await screen.findByText("The delivery could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /try again/i })).toBeInTheDocument();
  });
});

describe("the network's own counter beside the delivery", () => {
  const subscribe = campaign({
    invoice: {
      // The fixture's line (whatever else a line carries) made a subscribe line.
      lines: [
        { ...quote.lines[0]!, metric: "subscribers", action: "subscribe", unit_price: 10_000, min: 1_000, max: 1_000, amount: 10_000_000 },
      ],
      subtotal: 10_000_000,
      fee: 1_000_000,
      total: 11_000_000,
      wallet_covers: 11_000_000,
      remaining: 0,
      expected_end: null,
    },
    delivered: { subscribers: 1_000 },
  });

  it("counted: start → now beside what we delivered, dropped and refilled, with a chart and a table", async () => {
    charts.length = 0;
    const days = history(30);
    answer(
      delivery({
        days,
        dropped: 12,
        refilled: 12,
        network: {
          status: "counted",
          start: counts(12_400),
          start_at: "2025-03-20T09:00:00.000Z",
          days: [
            { day: "2025-04-16", ...counts(13_100) },
            { day: "2025-04-17", ...counts(13_300) },
            { day: LAST_DAY, ...counts(13_410) },
          ],
        },
      }),
    );
    renderWithProviders(<CampaignDelivery campaign={subscribe} />);

    const network = await screen.findByTestId("delivery-network");
    expect(within(network).getByTestId("network-sentence")).toHaveTextContent(
      "Subscribers: start 12,400 → now 13,410. We delivered 1,000; 12 dropped and 12 refilled.",
    );
    expect(network).toHaveTextContent("YouTube rounds subscriber counts");
    expect(network).toHaveTextContent("Start count taken on Mar 20, 2025.");
    const table = within(network).getByRole("table", { name: "The network's counter per day (Tehran time), newest first" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["13,410", "90,000"]);
    expect(within(network).getByRole("img", { name: /^Chart of the network's Subscribers per day\./ })).toBeInTheDocument();
    await waitFor(() => expect(charts).toHaveLength(2));
    const counter = charts.find((made) => made.options.series.length === 2)!;
    // On the delivery chart's days: only the last three were counted.
    expect(counter.data[1]).toEqual([...Array.from({ length: 27 }, () => null), 13_100, 13_300, 13_410]);
  });

  it("counted, subscribers hidden: says so, shows hidden in the table, and compares views instead", async () => {
    answer(
      delivery({
        network: {
          status: "counted",
          start: counts(null, true),
          start_at: "2025-03-20T09:00:00.000Z",
          days: [{ day: LAST_DAY, ...counts(null, true) }],
        },
      }),
    );
    renderWithProviders(<CampaignDelivery campaign={subscribe} />);
    const network = await screen.findByTestId("delivery-network");
    expect(within(network).getByTestId("network-hidden")).toHaveTextContent(
      "This channel hides its subscriber count, so that number cannot be shown.",
    );
    expect(within(network).getByTestId("network-sentence")).toHaveTextContent("Views: start 90,000 → now 90,000.");
    const row = within(within(network).getByRole("table")).getAllByRole("row")[1]!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["hidden", "90,000"]);
  });

  it("not yet: taken when the campaign is approved, then daily", async () => {
    answer(delivery());
    renderWithProviders(<CampaignDelivery campaign={subscribe} />);
    expect(await screen.findByTestId("delivery-network")).toHaveTextContent(
      "The network's own counter is taken when the campaign is approved, then daily.",
    );
  });

  it("not available: Instagram gives none; elsewhere it is not available here", async () => {
    const none = delivery({ network: { status: "not_available", start: null, start_at: null, days: [] } });
    answer(none);
    const { unmount } = renderWithProviders(<CampaignDelivery campaign={campaign({ network: "instagram" })} />);
    expect(await screen.findByTestId("delivery-network")).toHaveTextContent(
      "Instagram gives no public counter without a professional account, so it is not available here.",
    );
    unmount();
    answer(none);
    renderWithProviders(<CampaignDelivery campaign={campaign()} />, "fa-IR");
    expect(await screen.findByTestId("delivery-network")).toHaveTextContent("شمارندهٔ خود شبکه در اینجا در دسترس نیست.");
  });
});
