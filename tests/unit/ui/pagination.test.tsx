import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { Pagination } from "@/components/ui/Pagination";
import { renderWithProviders } from "../render-with-providers";

vi.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children }: { href: string; children: ReactNode }) => <a href={String(href)}>{children}</a>,
  useRouter: () => ({ push: vi.fn() }),
}));

// Persian UI uses Persian digits: the page counter's numbers go through the locale's number format.
describe("Pagination", () => {
  it("counts pages in Persian digits in fa-IR", () => {
    renderWithProviders(<Pagination page={2} pages={13} busy={false} onPage={() => {}} />, "fa-IR");
    const status = screen.getByText((_, element) => element?.getAttribute("aria-live") === "polite");
    expect(status.textContent).toContain("۲");
    expect(status.textContent).toContain("۱۳");
    expect(status.textContent).not.toMatch(/[0-9]/);
  });

  it("in Latin digits in en-US", () => {
    renderWithProviders(<Pagination page={2} pages={13} busy={false} onPage={() => {}} />, "en-US");
    expect(screen.getByText((_, element) => element?.getAttribute("aria-live") === "polite").textContent).toMatch(/2.*13/);
  });
});
