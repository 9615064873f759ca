import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SlaTimer, slaOf } from "@/components/payouts/admin/sla";
import { renderWithProviders } from "../render-with-providers";

const now = Date.parse("2026-03-01T10:00:00.000Z");
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe("the payout promise's timer", () => {
  it("counts whole hours left, minutes under an hour, and never 'due in 0'", () => {
    expect(slaOf(at(5 * 60 + 40), now)).toEqual({ overdue: false, unit: "hours", count: 5, tone: "ok" });
    expect(slaOf(at(4 * 60), now)).toEqual({ overdue: false, unit: "hours", count: 4, tone: "ok" });
    expect(slaOf(at(3 * 60 + 59), now)).toEqual({ overdue: false, unit: "hours", count: 3, tone: "soon" });
    expect(slaOf(at(60), now)).toEqual({ overdue: false, unit: "hours", count: 1, tone: "soon" });
    expect(slaOf(at(59), now)).toEqual({ overdue: false, unit: "minutes", count: 59, tone: "soon" });
    expect(slaOf(new Date(now + 10_000), now)).toEqual({ overdue: false, unit: "minutes", count: 1, tone: "soon" });
  });

  it("says how late once the deadline has passed", () => {
    expect(slaOf(at(0), now)).toEqual({ overdue: true, unit: "minutes", count: 1, tone: "overdue" });
    expect(slaOf(at(-25), now)).toEqual({ overdue: true, unit: "minutes", count: 25, tone: "overdue" });
    expect(slaOf(at(-(2 * 60 + 30)), now)).toEqual({ overdue: true, unit: "hours", count: 2, tone: "overdue" });
    expect(slaOf(at(-26 * 60), now)).toEqual({ overdue: true, unit: "hours", count: 26, tone: "overdue" });
  });

  it("reads 'Due in 5 h' and 'Overdue by 2 h' (in red) beside the deadline", () => {
    const { unmount } = renderWithProviders(<SlaTimer dueAt={at(5 * 60 + 5)} now={now} />);
    expect(screen.getByTestId("payout-sla").textContent).toBe("Due in 5 h");
    expect(screen.getByText(/2026/).getAttribute("dateTime")).toBe(at(5 * 60 + 5));
    unmount();
    renderWithProviders(<SlaTimer dueAt={at(-125)} now={now} />);
    const late = screen.getByTestId("payout-sla");
    expect(late.textContent).toBe("Overdue by 2 h");
    expect(late.firstElementChild?.className).toContain("text-danger-600");
  });

  it("writes Persian digits in Persian", () => {
    renderWithProviders(<SlaTimer dueAt={at(12 * 60 + 1)} now={now} />, "fa-IR");
    expect(screen.getByTestId("payout-sla").textContent).toBe("۱۲ ساعت مانده");
    renderWithProviders(<SlaTimer dueAt={at(-45)} now={now} />, "fa-IR");
    expect(screen.getAllByTestId("payout-sla")[1]!.textContent).toBe("۴۵ دقیقه تأخیر");
  });
});
