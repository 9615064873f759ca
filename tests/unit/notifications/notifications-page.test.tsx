import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NotificationsPage } from "@/components/notifications/NotificationsPage";
import type { NotificationView } from "@/lib/api/notifications";
import { renderWithProviders } from "../render-with-providers";
import { fakeApi, me, ok, on, page } from "../support/api";
import { adminUser } from "../support/people";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/dashboard/notifications"));

const rows: NotificationView[] = [
  {
    id: "0190f0a0-0000-7000-8000-0000000000b1",
    kind: "payout_denied",
    params: { amount: 3_000_000, reason: "The IBAN is not yours", payout_id: "p1" },
    href: "/dashboard/payouts",
    created_at: "2026-11-20T08:00:00.000Z",
    seen_at: null,
    read_at: null,
  },
  {
    id: "0190f0a0-0000-7000-8000-0000000000b2",
    kind: "membership_bought",
    params: { plan: "bronze", "plan:fa-IR": "برنزی", "plan:en-US": "Bronze", ends_at: "2026-12-20T08:00:00.000Z" },
    href: "/dashboard/payouts#plans",
    created_at: "2026-11-19T08:00:00.000Z",
    seen_at: "2026-11-19T09:00:00.000Z",
    read_at: "2026-11-19T09:00:00.000Z",
  },
];

/** The inbox's API: the rows by status, the person, and the answers to seeing and reading them. */
function inboxApi() {
  return fakeApi(
    on("GET", "/api/notifications", (url) => {
      const status = url.searchParams.get("status");
      return page(rows.filter((row) => status === "all" || (status === "new" ? row.read_at === null : row.read_at !== null)));
    }),
    me({ ...adminUser(), wallet_balance: 0, unread_notifications: 1 }),
    on("*", "/api/notifications/seen", () => ok({ unseen: 0 })),
    on("*", "/api/notifications/read-all", () => ok({ read: 1, unseen: 0 })),
    on("*", /\/read$/, () => ok({ ...rows[0], read_at: "2026-11-20T09:00:00.000Z" })),
  );
}

describe("the inbox", () => {
  it("renders each notification in the reader's language and digits; opening the page marks them seen", async () => {
    const sent = inboxApi();
    renderWithProviders(<NotificationsPage />, "fa-IR");
    const items = await screen.findAllByTestId("notification");
    expect(items[0]!.textContent).toContain("برداشت ۳٬۰۰۰٬۰۰۰ ریال شما رد شد");
    expect(items[0]!.textContent).toContain("The IBAN is not yours");
    expect(items[0]).toHaveAttribute("data-unread", "true");
    expect(within(items[0]!).getByText("جدید")).toBeInTheDocument();
    expect(items[1]!.textContent).toContain("طرح برنزی شما پرداخت شد");
    expect(items[1]!.textContent).toMatch(/[۰-۹]/);
    expect(items[1]).not.toHaveAttribute("data-unread");
    await waitFor(() => expect(sent.some((call) => call.path === "/api/notifications/seen" && call.init.method === "POST")).toBe(true));
  });

  it("tabs by status with the keyboard; marks all as read and says how many; opening one reads it", async () => {
    const sent = inboxApi();
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />);
    expect(await screen.findAllByTestId("notification")).toHaveLength(2);
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["All", "New", "Read"]);
    screen.getByRole("tab", { name: "All" }).focus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(screen.getAllByTestId("notification")).toHaveLength(1));
    expect(sent.some((call) => `${call.path}${call.url.search}`.includes("status=new"))).toBe(true);

    await user.click(screen.getByRole("link", { name: /^Open: Your payout of 3,000,000 IRR was declined/ }));
    await waitFor(() => expect(sent.some((call) => call.path === `/api/notifications/${rows[0]!.id}/read`)).toBe(true));

    await user.click(screen.getByRole("button", { name: "Mark all as read" }));
    expect(await screen.findByText("1 notification marked as read.")).toBeInTheDocument();
  });
});
