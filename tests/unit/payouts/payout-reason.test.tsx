import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PayoutReason } from "@/components/payouts/PayoutReason";
import { renderWithProviders } from "../render-with-providers";

describe("a payout's reason", () => {
  it("says the bank's outcome in the reader's language, the bank's own code only as a left-to-right detail", () => {
    const { container } = renderWithProviders(<PayoutReason code="bank_failed" text="DESTINATION_ACCOUNT_BLOCKED" />, "fa-IR");
    expect(container.textContent).toContain("بانک نتوانست این واریز را انجام دهد");
    expect(container.textContent).not.toMatch(/bank|refused|transfer/i);
    const detail = screen.getByText("DESTINATION_ACCOUNT_BLOCKED");
    expect(detail.getAttribute("dir")).toBe("ltr");
  });

  it("each code has its words in English too; without a detail none is shown", () => {
    const { container } = renderWithProviders(<PayoutReason code="bank_returned" text={null} />);
    expect(container.textContent).toBe("The receiving bank returned this transfer; the money is back in your earnings.");
  });

  it("an admin's words are shown as written, labelled where asked", () => {
    const { container } = renderWithProviders(<PayoutReason code={null} text="The IBAN is not yours" labelled />);
    expect(container.textContent).toBe("Reason: The IBAN is not yours");
  });
});
