import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CreateInvitationPage } from "@/components/invitations/CreateInvitationPage";
import { InvitationsPage } from "@/components/invitations/InvitationsPage";
import type { InvitationView } from "@/lib/api/invitations";
import { renderWithProviders } from "../render-with-providers";
import { fakeApi, me, ok, on, page, refusal, type Answer } from "../support/api";
import { adminUser } from "../support/people";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/dashboard/invitations"));

const joined: InvitationView = {
  id: "0190f0a0-0000-7000-8000-0000000000c1",
  link: "https://takapoo.ir/auth/invite/k7m2q9x4ab",
  phone: "+989121234567",
  name: "Ali",
  status: "joined",
  invited_at: "2026-11-01T08:00:00.000Z",
  texted: true,
  registered_at: "2026-11-02T08:00:00.000Z",
  paid_at: "2026-11-03T08:00:00.000Z",
  reward_due_at: null,
  joined_at: "2026-11-10T08:00:00.000Z",
  reward: 500_000,
  no_reward_reason: null,
  reward_waits_for_identity: false,
};

/** The invitations' API: the person, what is left to invite, the list; a new invitation is refused (already invited). */
function invitationsApi(left = 4, created?: () => Answer) {
  return fakeApi(
    me({ ...adminUser(), wallet_balance: 0, unread_notifications: 0 }),
    on("*", "/api/invitations/allowance", () =>
      ok({ membership: true, invitations_allowed: 5, invitations_left: left, reward: 500_000, reward_hold_days: 7 }),
    ),
    on("GET", "/api/invitations", () => page([joined], 10)),
    on("POST", "/api/invitations", created ?? (() => refusal(409, "ERR_USER_ALREADY_INVITED", "This number has already been invited."))),
  );
}

describe("invitations", () => {
  it("lists each person invited with the phone left to right in Persian digits, the status, dates and reward", async () => {
    invitationsApi();
    renderWithProviders(<InvitationsPage />, "fa-IR");
    const card = await screen.findByTestId("invitation");
    expect(card).toHaveAttribute("data-status", "joined");
    const phone = screen.getByText("+۹۸۹۱۲۱۲۳۴۵۶۷");
    expect(phone).toHaveAttribute("dir", "ltr");
    expect(card.textContent).toContain("پذیرفته‌شده");
    expect(card.textContent).toContain("پاداش: ۵۰۰٬۰۰۰ ریال");
    expect(await screen.findByTestId("invitations-left")).toHaveTextContent("۴ از ۵");
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["همه", "ارسال‌شده", "ثبت‌نام‌کرده", "پذیرفته‌شده"]);
  });

  it("the form checks the phone before sending, then shows the API's refusal in an alert", async () => {
    const sent = invitationsApi();
    const user = userEvent.setup();
    renderWithProviders(<CreateInvitationPage />);
    await user.click(await screen.findByRole("button", { name: "Send the invitation" }));
    expect(await screen.findByText("Enter your friend's mobile number.")).toBeInTheDocument();
    expect(sent.some((call) => call.path === "/api/invitations" && call.init.method === "POST")).toBe(false);
    await user.type(screen.getByLabelText("Mobile number"), "09121234567");
    await user.click(screen.getByRole("button", { name: "Send the invitation" }));
    expect(await screen.findByText("This number has already been invited.")).toBeInTheDocument();
    const post = sent.find((call) => call.path === "/api/invitations" && call.init.method === "POST")!;
    expect(JSON.parse(post.init.body!)).toEqual({ phone: "+989121234567" });
    expect(post.init.headers["idempotency-key"]).toMatch(/.+/);
  });

  it("a new invitation's link can be copied and shown as a QR code; the message says no SMS left", async () => {
    invitationsApi(4, () =>
      ok(
        {
          invitation: {
            ...joined,
            status: "pending",
            texted: false,
            joined_at: null,
            reward: null,
            link: "https://takapoo.ir/auth/invite/abcdefghij",
          },
          texted: false,
          message: "Invitation created, but no SMS was sent. Share the link below with your friend.",
        },
        201,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<CreateInvitationPage />);
    await user.type(await screen.findByLabelText("Mobile number"), "09121234567");
    await user.click(screen.getByRole("button", { name: "Send the invitation" }));
    expect(await screen.findByTestId("invitation-sent")).toHaveTextContent("no SMS was sent");
    const link = screen.getByLabelText("Invitation link");
    expect(link).toHaveValue("https://takapoo.ir/auth/invite/abcdefghij");
    expect(link).toHaveAttribute("dir", "ltr");
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe("https://takapoo.ir/auth/invite/abcdefghij");
    expect(screen.getByTestId("invitation-copied")).toHaveTextContent("Link copied.");
    await user.click(screen.getByRole("button", { name: "Show QR code" }));
    const qr = await screen.findByRole("img", { name: /QR code of the invitation link/ });
    expect(qr.querySelector("path")!.getAttribute("d")).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByRole("button", { name: "Hide QR code" })).toHaveAttribute("aria-expanded", "true");
  });

  it("with the period's invitations used, the page says so and offers the plans instead of the form", async () => {
    invitationsApi(0);
    renderWithProviders(<CreateInvitationPage />);
    await waitFor(() =>
      expect(screen.getByTestId("invitation-blocked")).toHaveTextContent("You have used all the invitations of your plan"),
    );
    expect(screen.queryByLabelText("Mobile number")).toBeNull();
  });
});
