import { screen, waitFor, within } from "@testing-library/react";
import { adminUser } from "../support/people";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../render-with-providers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BankForm } from "@/components/profile/BankForm";
import { IdentityForm } from "@/components/profile/IdentityForm";
import { IdentityBadge } from "@/components/profile/IdentityBadge";
import { ProfilePage } from "@/components/profile/ProfilePage";
import { VerificationRequestCard } from "@/components/profile/VerificationRequestCard";
import { formatIsoDate, isoFromDate, dateFromIso } from "@/components/profile/dates";
import { missingForVerification } from "@/lib/profile/identity";
import type { IdentityStatus, Me } from "@/lib/api/me";
import { answerWith } from "../support/msw";

// The language form navigates with next-intl's router, which needs a mounted Next.js app router.
vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/dashboard/profile"));

/** Sara as she sees herself: the back office's person, registered, with her wallet figures. */
function me(overrides: Partial<Me> = {}): Me {
  return {
    ...adminUser({
      id: "u1",
      locale: "en-US",
      national_id: "0084575948",
      birth_date: "1990-03-21",
      iban: "IR270170000000100324200001",
      identity_status: "registered",
      identity_requested_at: null,
      has_identity_card: false,
      created_at: "2024-01-01T00:00:00Z",
    }),
    wallet_balance: 0,
    unread_notifications: 0,
    ...overrides,
  };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("identity badge", () => {
  const cases: [IdentityStatus, string][] = [
    ["registered", "Complete your information"],
    ["active", "Verified"],
    ["identity_verified", "Verified"],
    ["identity_verification_pending", "Under review"],
    ["identity_verification_failed", "Not accepted"],
  ];

  it.each(cases)("labels %s as “%s”", (status, label) => {
    renderWithProviders(<IdentityBadge status={status} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it("shows the reason of a refusal", () => {
    renderWithProviders(<IdentityBadge status="identity_verification_failed" rejectionReason="The photo is blurred." />);
    expect(screen.getByText("Reason: The photo is blurred.")).toBeInTheDocument();
  });

  it("speaks Persian in fa-IR", () => {
    renderWithProviders(<IdentityBadge status="identity_verification_pending" />, "fa-IR");
    expect(screen.getByText("در حال بررسی")).toBeInTheDocument();
  });
});

describe("identity verification request", () => {
  it("lists what is missing and disables the request", () => {
    const user = me({ national_id: null, iban: null, bank_name: null, birth_date: null });
    expect(missingForVerification(user)).toEqual(["national_id", "birth_date", "iban"]);
    renderWithProviders(<VerificationRequestCard me={user} />);
    const list = screen.getByTestId("verification-missing");
    expect(within(list).getByText("Fill in and save these 3 items first:")).toBeInTheDocument();
    expect(within(list).getByText("National ID")).toBeInTheDocument();
    expect(within(list).getByText("Date of birth")).toBeInTheDocument();
    expect(within(list).getByText("IBAN (Sheba)")).toBeInTheDocument();
    expect(within(list).queryByText("First name")).toBeNull();
    expect(screen.getByRole("button", { name: "Send verification request" })).toBeDisabled();
    expect(screen.getByLabelText("Photo of your national ID card")).toBeDisabled();
  });

  it("counts an unverified phone as missing, as the server does", () => {
    expect(missingForVerification(me({ phone_verified: false }))).toEqual(["phone"]);
  });

  it("allows the request when everything is filled in", () => {
    renderWithProviders(<VerificationRequestCard me={me()} />);
    expect(screen.queryByTestId("verification-missing")).toBeNull();
    expect(screen.getByRole("button", { name: "Send verification request" })).toBeEnabled();
    expect(screen.getByLabelText("Photo of your national ID card")).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
  });

  it("refuses a file of the wrong type before uploading", async () => {
    const fetchMock = answerWith();
    renderWithProviders(<VerificationRequestCard me={me()} />);
    const input = screen.getByLabelText("Photo of your national ID card");
    await userEvent.upload(input, new File(["%PDF"], "card.pdf", { type: "application/pdf" }), { applyAccept: false });
    expect(await screen.findByText("Upload a JPEG, PNG or WebP image.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send verification request" })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("hides the request while under review and offers it again after a refusal", () => {
    const { unmount } = renderWithProviders(
      <VerificationRequestCard
        me={me({ identity_status: "identity_verification_pending", identity_requested_at: "2025-01-10T08:00:00Z" })}
      />,
    );
    expect(screen.getByText(/Your request is under review/)).toBeInTheDocument();
    expect(screen.getByText("Sent on Jan 10, 2025")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send verification request" })).toBeNull();
    unmount();
    renderWithProviders(
      <VerificationRequestCard me={me({ identity_status: "identity_verification_failed", identity_rejection_reason: "Wrong card." })} />,
    );
    expect(screen.getByText("Reason: Wrong card.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send verification request" })).toBeEnabled();
  });
});

describe("bank form", () => {
  it("prefills IR and shows the client-side IBAN error on the field, without calling the server", async () => {
    const fetchMock = answerWith();
    renderWithProviders(<BankForm me={me({ iban: null, bank_name: null })} />);
    const field = screen.getByLabelText("IBAN (Sheba)");
    expect(field).toHaveValue("IR");
    await userEvent.type(field, "12345");
    await userEvent.click(screen.getByRole("button", { name: "Save bank information" }));
    expect(await screen.findByText("Enter a valid IBAN: IR followed by 24 digits.")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("names the bank live and groups the IBAN", async () => {
    renderWithProviders(<BankForm me={me({ iban: null, bank_name: null })} />);
    const field = screen.getByLabelText("IBAN (Sheba)");
    await userEvent.clear(field);
    await userEvent.type(field, "IR970570000000100324200001");
    expect(screen.getByTestId("bank-name")).toHaveTextContent("Bank Pasargad");
    expect(screen.getByText("IR97 0570 0000 0010 0324 2000 01")).toBeInTheDocument();
  });

  it("uses Persian digits and bank names in fa-IR", () => {
    renderWithProviders(<BankForm me={me()} />, "fa-IR");
    expect(screen.getByTestId("bank-name")).toHaveTextContent("بانک ملی ایران");
    expect(screen.getByText("IR۲۷ ۰۱۷۰ ۰۰۰۰ ۰۰۱۰ ۰۳۲۴ ۲۰۰۰ ۰۱")).toBeInTheDocument();
  });

  it("puts the server's 422 message on the field", async () => {
    answerWith(async () =>
      jsonResponse(422, {
        error: { code: "validation_failed", message: "The information you entered is incorrect.", fields: { iban: "Server says no." } },
      }),
    );
    renderWithProviders(<BankForm me={me()} />);
    await userEvent.click(screen.getByRole("button", { name: "Save bank information" }));
    expect(await screen.findByText("Server says no.")).toBeInTheDocument();
  });
});

describe("birth dates", () => {
  it("round-trips YYYY-MM-DD and shows it in the locale's calendar", () => {
    expect(isoFromDate(dateFromIso("1990-03-21")!)).toBe("1990-03-21");
    expect(formatIsoDate("1990-03-21", "en-US")).toBe("March 21, 1990");
    // 1 Farvardin 1369 in the Persian calendar, with Persian digits.
    expect(formatIsoDate("1990-03-21", "fa-IR")).toContain("۱۳۶۹");
  });
});

// How long to wait for the lazily loaded calendar to appear (not a performance bound: the tests'
// own timeout is 20 s).
const CALENDAR_LOAD_MS = 10_000;

describe("birth date picker", () => {
  it("opens a labelled calendar, picks a day as YYYY-MM-DD and closes with Escape", async () => {
    const fetchMock = answerWith(async (_url: string, init: RequestInit) =>
      jsonResponse(200, { data: { user: JSON.parse(String(init.body)), message: "Your profile was updated." } }),
    );
    renderWithProviders(<IdentityForm me={me({ birth_date: null })} />);
    const open = screen.getByRole("button", { name: "Choose date: Date of birth" });
    expect(open).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Calendar: Date of birth" });
    await userEvent.keyboard("{Escape}");
    expect(dialog).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    await userEvent.click(open);
    const calendar = await screen.findByRole("dialog", { name: "Calendar: Date of birth" });
    // The calendar's code loads on first open; from a cold clone Vite transforms it first.
    const day = (await within(calendar).findAllByRole("button", { name: /15th/ }, { timeout: CALENDAR_LOAD_MS }))[0]!;
    await userEvent.click(day);
    expect(screen.queryByRole("dialog")).toBeNull();
    const year = new Date().getFullYear() - 25;
    expect(screen.getByText(`January 15, ${year}`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Save identity information" }));
    expect(await screen.findByText("Your profile was updated.")).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1].body));
    expect(body).toEqual({ first_name: "Sara", last_name: "Ahmadi", national_id: "0084575948", birth_date: `${year}-01-15` });
  }, 20_000);

  it("shows the Persian calendar in fa-IR", async () => {
    renderWithProviders(<IdentityForm me={me({ birth_date: "1990-03-21" })} />, "fa-IR");
    expect(screen.getByText(/۱۳۶۹/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /تغییر تاریخ/ }));
    const calendar = await screen.findByRole("dialog");
    // Farvardin 1369 with Persian digits, the saved day selected.
    expect((await within(calendar).findAllByText(/فروردین/, {}, { timeout: CALENDAR_LOAD_MS })).length).toBeGreaterThan(0);
    expect(within(calendar).getByRole("button", { name: /۱-ام فروردین ۱۳۶۹، انتخاب شده/ })).toBeInTheDocument();
  }, 20_000);
});

describe("profile page", () => {
  it("asks a visitor who is not logged in to log in", async () => {
    answerWith(async () => jsonResponse(401, { error: { code: "unauthorized", message: "You need to log in to do this." } }));
    renderWithProviders(<ProfilePage />);
    expect(screen.getByText("Loading…")).toBeInTheDocument();
    const link = await screen.findByRole("link", { name: "Log in" });
    expect(link).toHaveAttribute("href", "/auth/login?redirect=%2Fdashboard%2Fprofile");
  });

  it("offers a retry when the profile cannot be loaded", async () => {
    answerWith(async () => jsonResponse(400, { error: { code: "bad_request", message: "Invalid request." } }));
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByText("We could not load your profile.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("renders every section and locks identity fields under review", async () => {
    answerWith(async () => jsonResponse(200, { data: me({ identity_status: "identity_verification_pending", has_identity_card: false }) }));
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Profile" })).toBeInTheDocument();
    expect(screen.getByText("Under review")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Sara"));
    expect(screen.getByLabelText("First name")).toBeDisabled();
    expect(screen.getByLabelText("IBAN (Sheba)")).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "E-mail" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Change password" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByLabelText("Interface language")).toHaveValue("en-US");
  });
  it("once verified, the identity stays locked but the IBAN may move to another account, whose payouts then wait", async () => {
    const { unmount } = renderWithProviders(<BankForm me={me({ identity_status: "identity_verified" })} />);
    expect(screen.getByLabelText("IBAN (Sheba)")).toBeEnabled();
    expect(screen.getByText(/payouts pause for 48 hours after a change/)).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <BankForm me={me({ identity_status: "identity_verified", iban_payouts_from: "2026-11-28T10:00:00.000Z" })} />,
      "fa-IR",
    );
    expect(screen.getByTestId("iban-payouts-from").textContent).toMatch(/^برداشت به این شماره شبا از .*[۰-۹].* ممکن است\.$/);
  });
});
