import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PricingEditor } from "@/components/campaigns/admin/PricingEditor";
import type { Price } from "@/lib/schemas/campaigns";
import { renderWithProviders } from "../render-with-providers";
import { answerWith, jsonResponse } from "../support/msw";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/admin/pricing"));

const PRICES: Price[] = [
  { network: "youtube", action: "like", price: 3000, booster_share: 0.6, refill_days: 30 },
  { network: "youtube", action: "view", price: 1500, booster_share: 0.6, refill_days: 0 },
];

/** The price list, and saving answers what was sent; records the PUT bodies. */
function pricingApi() {
  const puts: unknown[] = [];
  answerWith((url, init) => {
    const path = new URL(url).pathname;
    if (path === "/api/pricing") return jsonResponse(200, { data: PRICES });
    if (path === "/api/admin/pricing" && init.method === "PUT") {
      const body = JSON.parse(init.body!) as { prices: unknown[] };
      puts.push(body);
      return jsonResponse(200, { data: body.prices });
    }
    return undefined;
  });
  return puts;
}

describe("the refill guarantee in the price editor", () => {
  it("shows each action's days (0: none) and sends them as refill_days", async () => {
    const puts = pricingApi();
    const user = userEvent.setup();
    renderWithProviders(<PricingEditor />);
    const like = await screen.findByLabelText("Refill guarantee of Like in days");
    expect(screen.getByRole("columnheader", { name: "Refill guarantee (days)" })).toBeInTheDocument();
    expect(like).toHaveValue(30);
    const view = screen.getByLabelText("Refill guarantee of View in days");
    expect(view).toHaveValue(0);
    expect(view).toHaveAccessibleDescription("No guarantee");
    await user.clear(view);
    await user.type(view, "14");
    await user.click(screen.getByRole("button", { name: "Save prices" }));
    await waitFor(() => expect(screen.getByText("The prices were saved.")).toBeInTheDocument());
    expect(puts).toEqual([
      {
        prices: [
          { network: "youtube", action: "like", price: 3000, booster_share: 0.6, refill_days: 30 },
          { network: "youtube", action: "view", price: 1500, booster_share: 0.6, refill_days: 14 },
        ],
      },
    ]);
  });

  it("refuses more than 365 days before asking the server", async () => {
    const puts = pricingApi();
    const user = userEvent.setup();
    renderWithProviders(<PricingEditor />);
    const like = await screen.findByLabelText("Refill guarantee of Like in days");
    await user.clear(like);
    await user.type(like, "400");
    await user.click(screen.getByRole("button", { name: "Save prices" }));
    expect(await screen.findByText("Enter whole days from 0 to 365.")).toBeInTheDocument();
    expect(like).toHaveAttribute("aria-invalid", "true");
    expect(puts).toEqual([]);
  });
});
