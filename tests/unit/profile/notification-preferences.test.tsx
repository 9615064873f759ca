import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { NotificationPreferencesCard } from "@/components/profile/NotificationPreferencesCard";
import { renderWithProviders } from "../render-with-providers";
import { answerWith, jsonResponse, type SentInit } from "../support/msw";

const preferences = [
  { category: "money", in_app: true, in_app_locked: true, sms: true },
  { category: "account", in_app: true, in_app_locked: true, sms: true },
  { category: "campaigns", in_app: true, in_app_locked: false, sms: null },
  { category: "work", in_app: true, in_app_locked: false, sms: null },
  { category: "membership", in_app: true, in_app_locked: false, sms: true },
  { category: "invitations", in_app: true, in_app_locked: false, sms: null },
];

describe("notification settings on the profile", () => {
  it("money and account stay on in the app; SMS only where a category sends one; saving sends what is off", async () => {
    const sent: SentInit[] = [];
    answerWith(async (url, init) => {
      if (new URL(url, "http://localhost").pathname !== "/api/me/notification-preferences") return undefined;
      if (init.method === "PUT") {
        sent.push(init);
        return jsonResponse(200, { data: preferences });
      }
      return jsonResponse(200, { data: preferences });
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationPreferencesCard />);
    const money = await screen.findByTestId("preference-money");
    expect(money.querySelector("input")).toBeDisabled();
    expect(screen.getByTestId("preference-work").querySelectorAll("input")).toHaveLength(1);
    await user.click(screen.getByTestId("preference-work").querySelector("input")!);
    await user.click(screen.getByTestId("preference-account").querySelectorAll("input")[1]!);
    await user.click(screen.getByRole("button", { name: "Save notification settings" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(JSON.parse(sent[0]!.body!)).toEqual({ in_app_off: ["work"], sms_off: ["account"] });
    expect(await screen.findByText("Your notification settings are saved.")).toBeInTheDocument();
  });
});
