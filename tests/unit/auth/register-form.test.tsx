import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../render-with-providers";
import { RegisterForm } from "@/components/auth/RegisterForm";

vi.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams() }));
vi.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: ReactNode }) => (
    <a href={String(href)} {...props}>
      {children}
    </a>
  ),
  useRouter: () => ({ replace: vi.fn(), push: vi.fn() }),
  usePathname: () => "/auth/register",
}));

// Issue 34: the registration form said nothing of which fields it requires, then refused an empty e-mail.
// SPEC §2's fields are all required: the form says so, and each control carries it for screen readers.
describe("registration form", () => {
  it("says every field is required and marks each control so", () => {
    renderWithProviders(<RegisterForm />);
    expect(screen.getByTestId("register-all-required")).toHaveTextContent("Every field is required.");
    for (const name of ["First name", "Last name", "Mobile number", "E-mail", "Password", "Repeat password"])
      expect(screen.getByLabelText(name, { exact: true }), name).toHaveAttribute("aria-required", "true");
    expect(screen.getByRole("checkbox")).toHaveAttribute("aria-required", "true");
  });

  it("in Persian too", () => {
    renderWithProviders(<RegisterForm />, "fa-IR");
    expect(screen.getByTestId("register-all-required")).toHaveTextContent("همهٔ فیلدها الزامی‌اند.");
  });
});
