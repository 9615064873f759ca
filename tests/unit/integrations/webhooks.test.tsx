import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Webhooks } from "@/components/integrations/Webhooks";
import { renderWithProviders } from "../render-with-providers";
import { jsonResponse, refusal } from "../support/api";
import { active, disabled, failing, LONG_URL, row, SECRET, webhooksApi } from "./webhook-fixtures";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/dashboard/integrations"));

describe("webhook endpoints", () => {
  it("registers an endpoint with its address and events, shows its signing secret once, and hides it for good after done", async () => {
    const calls = webhooksApi([]);
    const user = userEvent.setup();
    renderWithProviders(<Webhooks />);
    expect(await screen.findByTestId("webhooks-empty")).toHaveTextContent("You have no webhook endpoints yet.");

    const url = screen.getByLabelText("Endpoint address");
    expect(url).toHaveAttribute("dir", "ltr");
    // Each event a labelled checkbox, explained.
    expect(screen.getAllByRole("checkbox")).toHaveLength(8);
    expect(screen.getByRole("checkbox", { name: /^Wallet too low wallet\.low ?A campaign paused/ })).not.toBeChecked();
    await user.type(url, "https://example.com/takapoo/webhooks");
    await user.click(screen.getByRole("checkbox", { name: /^Units delivered/ }));
    await user.click(screen.getByRole("checkbox", { name: /^Campaign completed/ }));
    await user.click(screen.getByRole("button", { name: "Add the endpoint" }));

    const secret = await screen.findByLabelText("Signing secret");
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute("readonly");
    expect(secret).toHaveFocus();
    expect(secret).toHaveAccessibleDescription(expect.stringContaining("it will not be shown again"));
    expect(screen.getByTestId("webhook-secret-name")).toHaveTextContent("https://example.com/takapoo/webhooks");
    expect(screen.getByTestId("webhook-verify")).toHaveTextContent(/Takapoo-Signature header holds t,.+v1, the HMAC-SHA256.+5 minutes/);
    expect(screen.queryByRole("button", { name: "Add the endpoint" })).toBeNull();

    const post = calls.find((call) => call.method === "POST")!;
    expect(post.path).toBe("/api/integrations/webhooks");
    // In the order the events are listed, whatever the order they were ticked in.
    expect(post.body).toEqual({ url: "https://example.com/takapoo/webhooks", events: ["campaign.completed", "units.delivered"] });
    const added = await row("https://example.com/takapoo/webhooks");
    expect(added).toHaveTextContent("Campaign completed and Units delivered");
    expect(added).not.toHaveTextContent(SECRET);

    await user.click(screen.getByRole("button", { name: "Copy the secret" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByTestId("webhook-copied")).toHaveTextContent("Secret copied.");
    await user.click(screen.getByRole("button", { name: "Done, I saved it" }));
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(screen.getByLabelText("Endpoint address")).toHaveValue("");
    expect(screen.getByRole("checkbox", { name: /^Units delivered/ })).not.toBeChecked();
  });

  it("checks the form before sending: a full address and at least one event", async () => {
    const calls = webhooksApi([]);
    const user = userEvent.setup();
    renderWithProviders(<Webhooks />);
    await screen.findByTestId("webhooks-empty");
    await user.type(screen.getByLabelText("Endpoint address"), "example.com/hook");
    await user.click(screen.getByRole("button", { name: "Add the endpoint" }));

    expect(await screen.findByText("Choose at least one event.")).toBeInTheDocument();
    const url = screen.getByLabelText("Endpoint address");
    expect(url).toHaveAttribute("aria-invalid", "true");
    expect(url).toHaveAccessibleDescription(expect.stringContaining("Enter a full address starting with https://."));
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("puts a 422's field errors on their fields, and a refused address on the address field only", async () => {
    let answer = jsonResponse(422, {
      error: {
        code: "validation_failed",
        message: "Check the fields marked.",
        fields: { url: "This address is already one of your endpoints.", "events.0": "Choose at least one event." },
        request_id: "test",
      },
    });
    webhooksApi([], { create: () => answer });
    const user = userEvent.setup();
    renderWithProviders(<Webhooks />);
    await screen.findByTestId("webhooks-empty");
    await user.type(screen.getByLabelText("Endpoint address"), "https://example.com/hook");
    await user.click(screen.getByRole("checkbox", { name: /^Campaign approved/ }));
    await user.click(screen.getByRole("button", { name: "Add the endpoint" }));

    const url = screen.getByLabelText("Endpoint address");
    await waitFor(() => expect(url).toHaveAttribute("aria-invalid", "true"));
    expect(url).toHaveAccessibleDescription(expect.stringContaining("This address is already one of your endpoints."));
    expect(screen.getByRole("group", { name: "Events to send" })).toHaveAccessibleDescription("Choose at least one event.");
    expect(screen.getByText("Check the fields marked.")).toBeInTheDocument();
    expect(screen.queryByTestId("webhook-secret")).toBeNull();

    const refused = "That address leads into a private network; give one on the public internet.";
    answer = refusal(422, "webhook_address_refused", refused);
    await user.click(screen.getByRole("button", { name: "Add the endpoint" }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(expect.stringContaining(refused)));
    expect(screen.getAllByText(refused)).toHaveLength(1);
  });

  it("lists each endpoint with its state: failing since when, a disabled one with Enable instead of a test", async () => {
    const calls = webhooksApi([active, failing, disabled]);
    const user = userEvent.setup();
    renderWithProviders(<Webhooks />);
    const list = await screen.findByTestId("webhook-list");
    expect(
      within(list)
        .getAllByTestId("webhook")
        .map((item) => item.getAttribute("data-state")),
    ).toEqual(["active", "active", "disabled"]);
    expect(screen.getByTestId("webhooks-count")).toHaveTextContent("3 of 10 endpoints");

    const first = await row(active.url);
    expect(within(first).getByText(active.url).closest("[dir]")).toHaveAttribute("dir", "ltr");
    expect(first).toHaveTextContent("Campaign approved and Units delivered");
    expect(within(first).queryByTestId("webhook-failing")).toBeNull();

    // A long address breaks anywhere rather than widen the page.
    const long = await row(LONG_URL);
    expect(within(long).getByText(LONG_URL).closest("[dir]")!.className).toContain("[overflow-wrap:anywhere]");
    expect(within(long).getByTestId("webhook-failing")).toHaveTextContent(/^Failing since Nov 5, 2026, .+ 24 hours after that/);

    const off = await row(disabled.url);
    expect(within(off).getByText("Disabled", { selector: "span" })).toBeInTheDocument();
    expect(within(off).getByTestId("webhook-disabled")).toHaveTextContent(
      /^Disabled on Nov 4, 2026, .+ after 24 hours of failed deliveries/,
    );
    expect(within(off).queryByRole("button", { name: "Send a test" })).toBeNull();
    expect(within(first).queryByRole("button", { name: "Enable" })).toBeNull();

    await user.click(within(off).getByRole("button", { name: "Enable" }));
    await waitFor(() => expect(off).toHaveAttribute("data-state", "active"));
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
      `/api/integrations/webhooks/${disabled.id}/enable`,
    ]);
    expect(within(off).getByTestId("webhook-done")).toHaveTextContent("Enabled: events are sent to this endpoint again.");
    expect(within(off).getByRole("button", { name: "Send a test" })).toBeInTheDocument();
  });

  it("deletes an endpoint after a confirmation naming it", async () => {
    const calls = webhooksApi([active, disabled]);
    const user = userEvent.setup();
    renderWithProviders(<Webhooks />);
    const item = await row(active.url);

    await user.click(within(item).getByRole("button", { name: "Delete" }));
    const question = within(item).getByRole("group", { name: /^Delete the endpoint https:\/\/example\.com\/takapoo\/webhooks\?/ });
    expect(within(question).getByRole("button", { name: "Keep it" })).toHaveFocus();
    await user.click(within(question).getByRole("button", { name: "Keep it" }));
    expect(within(item).getByRole("button", { name: "Delete" })).toHaveFocus();
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    await user.click(within(item).getByRole("button", { name: "Delete" }));
    await user.click(within(item).getByRole("button", { name: "Delete the endpoint" }));
    await waitFor(() => expect(screen.queryByText(active.url)).toBeNull());
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([`/api/integrations/webhooks/${active.id}`]);
    expect(within(screen.getByTestId("webhook-list")).getAllByTestId("webhook")).toHaveLength(1);
  });
});
