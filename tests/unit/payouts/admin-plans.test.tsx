import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PlanAdmin } from "@/components/payouts/admin/PlanAdmin";
import type { AdminPlan } from "@/lib/api/admin-payouts";
import { renderWithProviders } from "../render-with-providers";
import { answerWith, jsonResponse } from "../support/msw";
import { goldPlan } from "./plan-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/admin/memberships"));

const gold: AdminPlan = goldPlan();

function plansApi(conflict = false) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  answerWith((href, init) => {
    const path = new URL(href).pathname;
    if (init.method === "GET" && path === "/api/admin/membership-plans") return jsonResponse(200, { data: [gold] });
    if (path.startsWith("/api/admin/membership-plans")) {
      const body = JSON.parse(init.body ?? "{}") as AdminPlan;
      sent.push({ method: init.method, path, body });
      if (conflict)
        return jsonResponse(409, { error: { code: "conflict", message: "This conflicts with the current state.", request_id: "t" } });
      return jsonResponse(init.method === "POST" ? 201 : 200, { data: { ...body, id: gold.id } });
    }
    return undefined;
  });
  return sent;
}

describe("admin membership plans", () => {
  it("lists each plan with its price in Rials and toman, its limits and whether it is on sale", async () => {
    plansApi();
    renderWithProviders(<PlanAdmin />);
    const table = await screen.findByTestId("admin-plans");
    const row = within(table).getByRole("row", { name: /Gold/ });
    expect(row.textContent).toContain("5,000,000 IRR");
    expect(row.textContent).toContain("500,000 Tomans");
    expect(row.textContent).toContain("30 days");
    expect(row.textContent).toContain("Standard");
    expect(row.textContent).toContain("Off sale");
    expect(
      screen.getByText("Periods already bought keep their limits; a plan taken off sale stays in force for its holders."),
    ).toBeTruthy();
  });

  it("adds a plan with the contract's numbers, asks for every language's name, and puts a taken code on its field", async () => {
    const sent = plansApi(true);
    renderWithProviders(<PlanAdmin />);
    await screen.findByTestId("admin-plans");
    const form = screen.getByTestId("plan-form");
    const type = async (label: string, text: string) => {
      const field = within(form).getByLabelText(label);
      await userEvent.clear(field);
      await userEvent.type(field, text);
    };
    await type("Code", "silver");
    await type("Name in فارسی", "نقره‌ای");
    await type("Price (Rials)", "۲٬۰۰۰٬۰۰۰");
    expect(within(form).getByTestId("plan-toman").textContent).toBe("200,000 Tomans");
    await type("Payouts per period", "2");
    await type("Invitations per period", "5");
    await userEvent.click(within(form).getByRole("button", { name: "Add plan" }));
    // English is empty: its tab opens on its error, and nothing is sent.
    expect(
      within(form)
        .getByRole("tab", { name: /English/ })
        .getAttribute("aria-selected"),
    ).toBe("true");
    expect(sent).toHaveLength(0);
    await type("Name in English", "Silver");
    await userEvent.click(within(form).getByRole("tab", { name: /Türkçe/ }));
    await type("Name in Türkçe", "Gümüş");
    await userEvent.click(within(form).getByRole("tab", { name: /العربية/ }));
    await type("Name in العربية", "فضي");
    await userEvent.click(within(form).getByRole("button", { name: "Add plan" }));
    expect(await within(form).findByText("Another plan already has this code.")).toBeTruthy();
    expect(sent).toEqual([
      {
        method: "POST",
        path: "/api/admin/membership-plans",
        body: {
          code: "silver",
          names: { "fa-IR": "نقره‌ای", "en-US": "Silver", "tr-TR": "Gümüş", "ar-AE": "فضي" },
          price: 2_000_000,
          period_days: 30,
          withdrawals_per_period: 2,
          invitations_per_period: 5,
          retention_days: null,
          daily_task_bonus: 0,
          active: true,
          sort_order: 0,
        },
      },
    ]);
  });

  it("edits a plan in place: its values in the form, saved with PUT", async () => {
    const sent = plansApi();
    renderWithProviders(<PlanAdmin />);
    const table = await screen.findByTestId("admin-plans");
    await userEvent.click(within(table).getByRole("button", { name: "Edit the plan Gold" }));
    const form = screen.getByTestId("plan-form");
    expect(screen.getByRole("heading", { name: "Edit the plan Gold" })).toBeTruthy();
    expect((within(form).getByLabelText("Code") as HTMLInputElement).value).toBe("gold");
    expect(document.activeElement).toBe(within(form).getByLabelText("Code"));
    await userEvent.click(within(form).getByLabelText("On sale (boosters can buy it)"));
    await userEvent.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("The plan Gold was saved.")).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: "PUT",
      path: `/api/admin/membership-plans/${gold.id}`,
      body: { code: "gold", active: true, price: 5_000_000 },
    });
  });
});
