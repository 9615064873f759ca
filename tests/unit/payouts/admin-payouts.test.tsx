import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PayoutQueue } from "@/components/payouts/admin/PayoutQueue";
import type { AdminPayoutView, PayoutStatus } from "@/lib/api/admin-payouts";
import { renderWithProviders } from "../render-with-providers";
import { answerWith, jsonResponse } from "../support/msw";
import { goldPlan } from "./plan-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/admin/payouts"));

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const A = "0190f0a0-0000-7000-8000-0000000000a1";
const B = "0190f0a0-0000-7000-8000-0000000000a2";

function payout(id: string, overrides: Partial<AdminPayoutView> = {}): AdminPayoutView {
  return {
    id,
    amount: 5_000_000,
    status: "pending",
    iban: "IR062960000000100324200001",
    bank_name: "melli",
    reason_code: null,
    reason: null,
    bank_reference: null,
    created_at: ago(3 * 24 * HOUR),
    updated_at: ago(3 * 24 * HOUR),
    approved_at: null,
    settled_at: null,
    expected_arrival: null,
    history: [{ status: "pending", reason_code: null, note: null, at: ago(3 * 24 * HOUR) }],
    user: { id: "0190f0a0-0000-7000-8000-000000000001", first_name: "Sara", last_name: "Ahmadi", phone: "+989121234567" },
    iban_changed_at: ago(400 * 24 * HOUR),
    plan: "gold",
    rail: null,
    submitted_at: null,
    due_at: null,
    success_rate: 0.8,
    iban_check: { status: "matched", owner_name: "Sara Ahmadi", checked_at: ago(30 * 24 * HOUR) },
    ...overrides,
  };
}

type Posted = { method: string; path: string; body: unknown };

/** The admin payouts API as server/payouts/admin-routes.ts answers it, from a list per status. */
function payoutsApi(byStatus: Partial<Record<PayoutStatus, AdminPayoutView[]>>, answers: { step?: (path: string) => Response } = {}) {
  const sent: Posted[] = [];
  const reads: string[] = [];
  answerWith((href, init) => {
    const url = new URL(href);
    const path = url.pathname;
    if (init.method === "GET" && path === "/api/admin/payouts") {
      const status = (url.searchParams.get("status") ?? "pending") as PayoutStatus;
      reads.push(status);
      const rows = byStatus[status] ?? [];
      return jsonResponse(200, { data: rows, meta: { page: 1, per_page: 20, total: rows.length } });
    }
    if (init.method === "GET" && path === "/api/admin/payouts/rail")
      return jsonResponse(200, { data: { rail: "manual", automatic: false, balance: null, balance_error: null } });
    if (init.method === "GET" && path === "/api/admin/settings/withdrawals") return jsonResponse(200, { data: { enabled: true } });
    if (init.method === "GET" && path === "/api/admin/membership-plans")
      return jsonResponse(200, {
        data: [goldPlan({ id: "0190f0a0-0000-7000-8000-0000000000p1", retention_days: 3, active: true })],
      });
    if (init.method !== "GET") {
      sent.push({ method: init.method, path, body: init.body ? JSON.parse(init.body) : undefined });
      if (path === "/api/admin/payouts/approve") return jsonResponse(200, { data: { approved: [A], skipped: [B] } });
      if (path === "/api/admin/settings/withdrawals") return jsonResponse(200, { data: JSON.parse(init.body ?? "{}") });
      return answers.step?.(path) ?? jsonResponse(200, { data: payout(A, { status: "denied" }) });
    }
    return undefined;
  });
  return { sent, reads };
}

afterEach(() => {
  vi.restoreAllMocks();
  // jsdom has no blob: URLs; the export test lends them.
  Reflect.deleteProperty(URL, "createObjectURL");
  Reflect.deleteProperty(URL, "revokeObjectURL");
});

describe("admin payouts", () => {
  it("shows what deciding needs: who, how much, the IBAN and its check, a recent IBAN change, record, plan and age", async () => {
    payoutsApi({
      pending: [
        payout(A),
        payout(B, {
          user: { id: "0190f0a0-0000-7000-8000-000000000002", first_name: "Reza", last_name: "Karimi", phone: null },
          iban_changed_at: ago(2 * 24 * HOUR),
          iban_check: { status: "mismatch", owner_name: "Ali Rezaei", checked_at: ago(HOUR) },
          success_rate: null,
        }),
      ],
    });
    renderWithProviders(<PayoutQueue />);
    const [first, second] = await screen.findAllByTestId("admin-payout");
    expect(first!.textContent).toContain("Sara Ahmadi");
    expect(first!.textContent).toContain("5,000,000 IRR");
    expect(within(first!).getByText("IR06 2960 0000 0010 0324 2000 01").getAttribute("dir")).toBe("ltr");
    expect(within(first!).getByText("+989121234567").getAttribute("dir")).toBe("ltr");
    expect(first!.textContent).toContain("Matches the booster");
    expect(first!.textContent).toContain("80%");
    expect(first!.textContent).toContain("3 days ago");
    await waitFor(() => expect(first!.textContent).toContain("Gold"));
    expect(within(first!).queryByTestId("payout-iban-changed")).toBeNull();

    expect(within(second!).getByTestId("payout-iban-check").dataset.status).toBe("mismatch");
    expect(second!.textContent).toContain("Not the booster's account");
    expect(second!.textContent).toContain("Ali Rezaei");
    expect(within(second!).getByTestId("payout-iban-changed").textContent).toContain("2 days ago");
    expect(second!.textContent).toContain("No decided tasks yet");
  });

  it("denies only with a reason, and approves the selected payouts at once", async () => {
    const { sent } = payoutsApi({ pending: [payout(A), payout(B)] });
    renderWithProviders(<PayoutQueue />);
    const [first] = await screen.findAllByTestId("admin-payout");
    await userEvent.click(within(first!).getByRole("button", { name: "Deny" }));
    await userEvent.click(within(first!).getByRole("button", { name: "Deny payout" }));
    expect(await within(first!).findByText("Write the reason the booster will read.")).toBeTruthy();
    expect(sent).toHaveLength(0);
    await userEvent.type(within(first!).getByLabelText("Why it is denied (the booster reads this)"), "The IBAN is not yours");
    await userEvent.click(within(first!).getByRole("button", { name: "Deny payout" }));
    expect(await screen.findByText("The payout of 5,000,000 IRR to Sara Ahmadi was denied.")).toBeTruthy();
    expect(sent).toEqual([{ method: "POST", path: `/api/admin/payouts/${A}/deny`, body: { reason: "The IBAN is not yours" } }]);

    await userEvent.click(screen.getByLabelText("Select every payout on this page"));
    await userEvent.click(screen.getByRole("button", { name: "Approve 2 selected" }));
    expect(await screen.findByText("1 approved, 1 skipped (moved on meanwhile).")).toBeTruthy();
    expect(sent[1]).toEqual({ method: "POST", path: "/api/admin/payouts/approve", body: { ids: [A, B] } });
  });

  it("shows the promise's timer and the bank steps at the bank, and a 409 in the API's words with the list read again", async () => {
    const active = payout(A, {
      status: "active",
      approved_at: ago(19 * HOUR - 60_000),
      due_at: new Date(Date.now() + 5 * HOUR + 60_000).toISOString(),
      rail: "jibit",
      submitted_at: ago(18 * HOUR),
      expected_arrival: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const late = payout(B, { status: "active", approved_at: ago(26 * HOUR), due_at: ago(2 * HOUR + 60_000), rail: "manual" });
    const conflict = "This payout has moved on since you loaded it, so this step no longer applies. Reload the queue.";
    const { sent, reads } = payoutsApi(
      { active: [active, late] },
      { step: () => jsonResponse(409, { error: { code: "payout_transition_invalid", message: conflict, request_id: "t" } }) },
    );
    renderWithProviders(<PayoutQueue />);
    await userEvent.click(await screen.findByRole("tab", { name: "At the bank / outcome unknown" }));
    await waitFor(() => expect(screen.getAllByTestId("admin-payout")[0]!.textContent).toContain("Sent through"));
    const [first, second] = screen.getAllByTestId("admin-payout");
    expect(within(first!).getByTestId("payout-sla").textContent).toBe("Due in 5 h");
    expect(within(second!).getByTestId("payout-sla").textContent).toBe("Overdue by 2 h");
    expect(first!.textContent).toContain("Jibit (automatic)");
    expect(within(first!).getByRole("button", { name: "Ask the bank now" })).toBeTruthy();
    expect(within(second!).queryByRole("button", { name: "Ask the bank now" })).toBeNull();

    // Confirming needs the bank's reference.
    await userEvent.click(within(first!).getByRole("button", { name: "Confirm paid" }));
    await userEvent.click(within(first!).getByRole("button", { name: "Confirm payment" }));
    expect(await within(first!).findByText("Enter the bank's reference for this transfer.")).toBeTruthy();
    const readsBefore = reads.length;
    await userEvent.type(within(first!).getByLabelText("The bank's reference for this transfer"), "PAYA-778812");
    await userEvent.click(within(first!).getByRole("button", { name: "Confirm payment" }));
    expect(await screen.findByText(conflict)).toBeTruthy();
    expect(sent).toEqual([{ method: "POST", path: `/api/admin/payouts/${A}/confirm`, body: { bank_reference: "PAYA-778812" } }]);
    await waitFor(() => expect(reads.length).toBeGreaterThan(readsBefore));
  });

  it("exports the PAYA file on the manual rail and turns withdrawals off only once confirmed", async () => {
    const { sent } = payoutsApi({});
    const csv = `payout_id,iban,amount_rials,name,national_id\n${A},IR062960000000100324200001,5000000,Sara Ahmadi,0499370899\n`;
    answerWith((href, init) => {
      const path = new URL(href).pathname;
      if (init.method === "POST" && path === "/api/admin/payouts/export")
        return new Response(csv, {
          status: 200,
          headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="paya-2026-03-01.csv"' },
        });
      if (init.method === "GET" && path === "/api/admin/payouts/rail")
        return jsonResponse(200, { data: { rail: "manual", automatic: false, balance: null, balance_error: null } });
      if (path === "/api/admin/settings/withdrawals")
        return jsonResponse(200, { data: init.method === "PUT" ? JSON.parse(init.body ?? "{}") : { enabled: true } });
      if (init.method === "PUT") sent.push({ method: init.method, path, body: JSON.parse(init.body ?? "{}") });
      return path === "/api/admin/payouts" ? jsonResponse(200, { data: [], meta: { page: 1, per_page: 20, total: 0 } }) : undefined;
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:paya"), revokeObjectURL: vi.fn() });

    renderWithProviders(<PayoutQueue />);
    expect(await screen.findByText("No payouts with this status.")).toBeTruthy();
    await userEvent.click(await screen.findByRole("button", { name: "Export approved payouts (PAYA file)" }));
    expect(await screen.findByText(/1 payout exported to paya-2026-03-01\.csv/)).toBeTruthy();
    expect(saved).toEqual(["paya-2026-03-01.csv"]);

    const toggle = screen.getByRole("switch", { name: "Boosters can request payouts" });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    await userEvent.click(toggle);
    expect(screen.getByText(/Boosters will see “Withdrawal functionality is temporarily disabled\.”/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole("button", { name: "Turn payouts off" }));
    expect(await screen.findByText("Payouts are off.")).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
  });
});
