import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Webhooks } from "@/components/integrations/Webhooks";
import { DELIVERY_POLL_MS, pollWhilePending, type WebhookDeliveryView } from "@/lib/api/webhooks";
import { renderWithProviders } from "../render-with-providers";
import { active, delivered, failed, failing, row, timedOut, webhooksApi } from "./webhook-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/dashboard/integrations"));

afterEach(() => {
  vi.useRealTimers();
});

describe("a webhook endpoint's delivery log", () => {
  it("shows an endpoint's delivery log, and Resend sends one again and reads the log afresh", async () => {
    const calls = webhooksApi([active, failing], { logs: { [active.id]: [timedOut, failed, delivered] } });
    const user = userEvent.setup();
    renderWithProviders(<Webhooks />);
    const item = await row(active.url);
    const open = within(item).getByRole("button", { name: "Delivery log" });
    expect(open).toHaveAttribute("aria-expanded", "false");
    await user.click(open);
    expect(open).toHaveAttribute("aria-expanded", "true");

    const table = await within(item).findByTestId("webhook-deliveries");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((line) => within(line).getByRole("rowheader").textContent)).toEqual([
      "Testping",
      "Units deliveredunits.delivered",
      "Campaign approvedcampaign.approved",
    ]);
    const [pending, gaveUp, arrived] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(pending).toHaveTextContent(/Pending2No answer in time.+Next attempt 11\/5\/26/);
    expect(gaveUp).toHaveTextContent(/Failed9HTTP status 500certificate has expired.+No more attempts/);
    // A reason the server gave that has no words here shows as it came, left to right.
    expect(within(gaveUp).getByText("certificate has expired")).toHaveAttribute("dir", "ltr");
    expect(arrived).toHaveTextContent(/Delivered1HTTP status 200.+Delivered 11\/5\/26/);
    expect(within(item).getByText("A delivery is pending: this log refreshes by itself.")).toBeInTheDocument();
    // Another endpoint's log is not asked for.
    expect(calls.some((call) => call.path.includes(failing.id))).toBe(false);

    const gets = () => calls.filter((call) => call.method === "GET" && call.path.endsWith("/deliveries")).length;
    const before = gets();
    await user.click(within(gaveUp).getByRole("button", { name: /^Resend “Units delivered” of / }));
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
      `/api/integrations/webhooks/${active.id}/deliveries/${failed.id}/resend`,
    ]);
    expect(within(gaveUp).getByText("Sent again: its result appears here shortly.")).toBeInTheDocument();
  });

  it("says when an endpoint has no deliveries, and a test opens its log and shows the result without a reload", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let log: WebhookDeliveryView[] = [];
    const calls = webhooksApi([active], { logs: { [active.id]: () => log } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<Webhooks />);
    const item = await row(active.url);
    await user.click(within(item).getByRole("button", { name: "Delivery log" }));
    expect(await within(item).findByTestId("deliveries-empty")).toHaveTextContent("No deliveries yet: send a test.");
    await user.click(within(item).getByRole("button", { name: "Delivery log" }));
    expect(within(item).queryByTestId("delivery-log")).toBeNull();

    log = [{ ...timedOut, attempts: 0, last_error: null }];
    await user.click(within(item).getByRole("button", { name: "Send a test" }));
    expect(await within(item).findByText("Test queued: its result appears in the delivery log.")).toBeInTheDocument();
    const table = await within(item).findByTestId("webhook-deliveries");
    expect(await within(table).findByText("Pending")).toBeInTheDocument();
    expect(within(table).getByText("No answer yet")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
      `/api/integrations/webhooks/${active.id}/ping`,
    ]);

    // The receiver answers; the log, asking again on its own, shows it.
    log = [{ ...delivered, event: "ping" }];
    await act(() => vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS + 100));
    expect(await within(table).findByText("Delivered")).toBeInTheDocument();
    expect(within(item).queryByText("A delivery is pending: this log refreshes by itself.")).toBeNull();
    // Settled, it stops asking.
    const gets = calls.filter((call) => call.path.endsWith("/deliveries")).length;
    await act(() => vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS * 3));
    expect(calls.filter((call) => call.path.endsWith("/deliveries")).length).toBe(gets);
  });

  it("polls a log only while a delivery on it is pending", () => {
    const state = (rows: WebhookDeliveryView[] | undefined) => ({
      state: { data: rows && { data: rows, meta: { page: 1, per_page: 10, total: rows.length } } },
    });
    expect(pollWhilePending(state([delivered, timedOut]) as never)).toBe(DELIVERY_POLL_MS);
    expect(pollWhilePending(state([delivered, failed]) as never)).toBe(false);
    expect(pollWhilePending(state(undefined) as never)).toBe(false);
  });

  it("writes the log in Persian with Persian digits, the address left to right", async () => {
    webhooksApi([active], { logs: { [active.id]: [failed] } });
    const user = userEvent.setup();
    renderWithProviders(<Webhooks />, "fa-IR");
    const item = await row(active.url);
    expect(screen.getByTestId("webhooks-count")).toHaveTextContent("۱ از ۱۰ نشانی وب‌هوک");
    await user.click(within(item).getByRole("button", { name: "گزارش ارسال‌ها" }));
    const table = await within(item).findByTestId("webhook-deliveries");
    expect(within(table).getByText("پاسخ HTTP ۵۰۰")).toBeInTheDocument();
    expect(within(table).getByText("ناموفق")).toBeInTheDocument();
    expect(within(table).getByText("units.delivered")).toHaveAttribute("dir", "ltr");
  });
});
