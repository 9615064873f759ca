import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiKeys } from "@/components/integrations/ApiKeys";
import type { ApiKeyView } from "@/lib/api/integrations";
import { addDays, tehranDay, tehranDayEnd } from "@/lib/time/tehran";
import { renderWithProviders } from "../render-with-providers";
import { fakeApi, jsonResponse, ok, on, refusal, type Answer } from "../support/api";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/dashboard/integrations"));

const active: ApiKeyView = {
  id: "0190f0a0-0000-7000-8000-0000000000a1",
  name: "Reseller panel",
  prefix: "tk_7Qm2xK",
  scopes: ["read", "create", "spend"],
  ip_allow: ["203.0.113.7", "2001:db8::/32"],
  state: "active",
  created_at: "2026-11-01T08:00:00.000Z",
  expires_at: "2027-11-01T20:29:59.000Z",
  last_used_at: "2026-11-05T09:30:00.000Z",
  last_used_ip: "198.51.100.23",
  revoked_at: null,
};
const expired: ApiKeyView = {
  ...active,
  id: "0190f0a0-0000-7000-8000-0000000000a2",
  name: "Old bot",
  prefix: "tk_Ab3dEf",
  scopes: ["read"],
  ip_allow: [],
  state: "expired",
  expires_at: "2026-11-02T20:29:59.000Z",
  last_used_at: null,
  last_used_ip: null,
};
const revoked: ApiKeyView = {
  ...expired,
  id: "0190f0a0-0000-7000-8000-0000000000a3",
  name: "Leaked key",
  prefix: "tk_Zz9yXw",
  state: "revoked",
  expires_at: null,
  revoked_at: "2026-11-03T08:00:00.000Z",
};

const SECRET = "tk_N3wK3yc1bq8yHn0Vt5Rz3Lw9Pj4Ds6Fa2Ge8Ku1Io";

/** The keys' API over a list it keeps: creating adds a key (or answers `create`), revoking marks one revoked; no webhooks. */
function keysApi(rows: ApiKeyView[], create?: () => Answer) {
  let keys = [...rows];
  return fakeApi(
    on("GET", "/api/integrations/webhooks", () => ok([])),
    on("GET", "/api/integrations/keys", () => ok(keys)),
    on("POST", "/api/integrations/keys", (_url, call) => {
      if (create) return create();
      const body = call.body as { name: string; scopes: ApiKeyView["scopes"]; ip_allow: string[]; expires_at?: string };
      const key: ApiKeyView = {
        ...active,
        id: "0190f0a0-0000-7000-8000-0000000000b1",
        name: body.name,
        prefix: SECRET.slice(0, 9),
        scopes: body.scopes,
        ip_allow: body.ip_allow,
        expires_at: body.expires_at ?? null,
        last_used_at: null,
        last_used_ip: null,
      };
      keys = [key, ...keys];
      return ok({ key, secret: SECRET }, 201);
    }),
    on("DELETE", /^\/api\/integrations\/keys\/[^/]+$/, (url) => {
      const id = url.pathname.split("/").at(-1);
      keys = keys.map((key) => (key.id === id ? { ...key, state: "revoked", revoked_at: "2026-11-06T08:00:00.000Z" } : key));
      return new Response(null, { status: 204 });
    }),
  );
}

/** The list's entry for the key called `name`, once it is there. */
const row = async (name: string) => (await within(await screen.findByTestId("api-key-list")).findByText(name)).closest("li")!;

describe("API keys", () => {
  it("lists each key with its prefix, scopes in words, state, dates, last use and allow-list", async () => {
    keysApi([active, expired, revoked]);
    renderWithProviders(<ApiKeys />);
    const list = await screen.findByTestId("api-key-list");
    const keys = within(list).getAllByTestId("api-key");
    expect(keys.map((key) => key.getAttribute("data-state"))).toEqual(["active", "expired", "revoked"]);
    expect(keys.map((key) => within(key).getByText(/^(Active|Expired|Revoked)$/, { selector: "span" }).textContent)).toEqual([
      "Active",
      "Expired",
      "Revoked",
    ]);

    const first = await row("Reseller panel");
    expect(within(first).getByText("tk_7Qm2xK…")).toHaveAttribute("dir", "ltr");
    expect(first).toHaveTextContent("Read, Create campaigns, and Spend");
    expect(within(first).getByTestId("api-key-last-used")).toHaveTextContent(/^Nov 5, 2026, .+ from 198\.51\.100\.23$/);
    expect(within(first).getByText("2001:db8::/32")).toHaveAttribute("dir", "ltr");
    expect(within(first).getByRole("button", { name: "Revoke" })).toBeEnabled();

    const old = await row("Old bot");
    expect(within(old).getByTestId("api-key-last-used")).toHaveTextContent("Never used");
    expect(old).toHaveTextContent("Any address");
    expect(within(old).getByRole("button", { name: "Revoke" })).toBeEnabled();

    const gone = await row("Leaked key");
    expect(gone).toHaveTextContent("Never (until revoked)");
    expect(within(gone).getByRole("button", { name: "Revoke" })).toBeDisabled();
    // Revoked keys do not count against the limit.
    expect(screen.getByTestId("api-keys-count")).toHaveTextContent("2 of 20 keys");
  });

  it("writes dates and counts in Persian digits in fa-IR, and says when there are no keys", async () => {
    keysApi([active]);
    const { unmount } = renderWithProviders(<ApiKeys />, "fa-IR");
    const key = await row("Reseller panel");
    expect(within(key).getByText("فعال")).toBeInTheDocument();
    const created = key.querySelector(`time[datetime="${active.created_at}"]`)!;
    expect(created.textContent).toMatch(/[۰-۹]/);
    expect(created.textContent).not.toMatch(/[0-9]/);
    expect(screen.getByTestId("api-keys-count")).toHaveTextContent("۱ از ۲۰ کلید");
    unmount();

    keysApi([]);
    renderWithProviders(<ApiKeys />);
    expect(await screen.findByTestId("api-keys-empty")).toHaveTextContent("You have no API keys yet.");
  });

  it("shows a failed load with a retry", async () => {
    fakeApi(
      on("GET", "/api/integrations/webhooks", () => ok([])),
      on("GET", "/api/integrations/keys", () => refusal(500, "internal_error", "Something went wrong.")),
    );
    renderWithProviders(<ApiKeys />);
    expect(await screen.findByText("We could not load your API keys.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("creates a key, shows its secret once with a warning and copy, and hides it for good after done", async () => {
    const calls = keysApi([active]);
    const user = userEvent.setup();
    renderWithProviders(<ApiKeys />);
    await row("Reseller panel");
    const day = addDays(tehranDay(new Date()), 30);

    await user.type(screen.getByLabelText("Name"), "Telegram bot");
    await user.click(screen.getByRole("checkbox", { name: /^Spend/ }));
    fireEvent.change(screen.getByLabelText("Expires on (optional)"), { target: { value: day } });
    await user.type(screen.getByLabelText("Allowed addresses (optional)"), "203.0.113.7, ۱۹۸.۵۱.۱۰۰.۰/۲۴{enter}2001:db8::/32");
    await user.click(screen.getByRole("button", { name: "Create the key" }));

    const secret = await screen.findByLabelText("API key");
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute("readonly");
    expect(secret).toHaveAttribute("dir", "ltr");
    expect(secret).toHaveFocus();
    expect(secret).toHaveAccessibleDescription(expect.stringContaining("it will not be shown again"));
    expect(screen.getByRole("heading", { name: "Your new API key" })).toBeInTheDocument();
    expect(screen.getByTestId("api-key-secret-name")).toHaveTextContent("Telegram bot");
    // The form gives way to the secret while it is shown.
    expect(screen.queryByRole("button", { name: "Create the key" })).toBeNull();

    const post = calls.find((call) => call.method === "POST")!;
    expect(post.path).toBe("/api/integrations/keys");
    expect(post.body).toEqual({
      name: "Telegram bot",
      scopes: ["read", "spend"],
      expires_at: tehranDayEnd(day),
      ip_allow: ["203.0.113.7", "198.51.100.0/24", "2001:db8::/32"],
    });
    // The list asked again after the key was made, and shows it (never its secret).
    expect(calls.filter((call) => call.method === "GET" && call.path === "/api/integrations/keys")).toHaveLength(2);
    expect(await row("Telegram bot")).not.toHaveTextContent(SECRET);

    await user.click(screen.getByRole("button", { name: "Copy the key" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByTestId("api-key-copied")).toHaveTextContent("Key copied.");

    await user.click(screen.getByRole("button", { name: "Done, I saved it" }));
    expect(screen.queryByTestId("api-key-secret")).toBeNull();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(screen.getByLabelText("Name")).toHaveValue("");
  });

  it("checks the form before sending: a name and at least one scope, addresses that are addresses", async () => {
    const calls = keysApi([]);
    const user = userEvent.setup();
    renderWithProviders(<ApiKeys />);
    await screen.findByTestId("api-keys-empty");
    await user.click(screen.getByRole("checkbox", { name: /^Read/ }));
    await user.type(screen.getByLabelText("Allowed addresses (optional)"), "203.0.113.7\nnot-an-address");
    await user.click(screen.getByRole("button", { name: "Create the key" }));

    expect(await screen.findByText("Name the key.")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Choose at least one thing the key may do.")).toBeInTheDocument();
    expect(screen.getByLabelText("Allowed addresses (optional)")).toHaveAccessibleDescription(
      expect.stringContaining("Write an IP address or a CIDR range"),
    );
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("puts a 422's field errors on their inputs, an address's on the addresses box", async () => {
    keysApi([], () =>
      jsonResponse(422, {
        error: {
          code: "validation_failed",
          message: "Check the fields marked.",
          fields: { name: "This name is already on one of your keys.", "ip_allow.1": "Write an IP address or a CIDR range." },
          request_id: "test",
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApiKeys />);
    await screen.findByTestId("api-keys-empty");
    await user.type(screen.getByLabelText("Name"), "Reseller panel");
    await user.type(screen.getByLabelText("Allowed addresses (optional)"), "203.0.113.7\n10.0.0.0/8");
    await user.click(screen.getByRole("button", { name: "Create the key" }));

    const name = screen.getByLabelText("Name");
    await waitFor(() => expect(name).toHaveAttribute("aria-invalid", "true"));
    expect(name).toHaveAccessibleDescription(expect.stringContaining("This name is already on one of your keys."));
    const addresses = screen.getByLabelText("Allowed addresses (optional)");
    expect(addresses).toHaveAttribute("aria-invalid", "true");
    expect(addresses).toHaveAccessibleDescription(expect.stringContaining("Write an IP address or a CIDR range."));
    expect(screen.getByText("Check the fields marked.")).toBeInTheDocument();
    expect(screen.queryByTestId("api-key-secret")).toBeNull();
  });

  it("revokes a key after a confirmation, with DELETE, and the list shows it revoked", async () => {
    const calls = keysApi([active, expired]);
    const user = userEvent.setup();
    renderWithProviders(<ApiKeys />);
    const key = await row("Reseller panel");

    await user.click(within(key).getByRole("button", { name: "Revoke" }));
    const question = within(key).getByRole("group", { name: /Revoke “Reseller panel”\?/ });
    expect(within(question).getByRole("button", { name: "Keep it" })).toHaveFocus();
    await user.click(within(question).getByRole("button", { name: "Keep it" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    await user.click(within(key).getByRole("button", { name: "Revoke" }));
    await user.click(within(key).getByRole("button", { name: "Revoke the key" }));
    await waitFor(() => expect(key).toHaveAttribute("data-state", "revoked"));
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([`/api/integrations/keys/${active.id}`]);
    expect(calls.filter((call) => call.method === "GET" && call.path === "/api/integrations/keys")).toHaveLength(2);
    expect(within(key).getByText("Revoked", { selector: "span" })).toBeInTheDocument();
    expect(within(key).getByRole("button", { name: "Revoke" })).toBeDisabled();
    expect((await row("Old bot")).getAttribute("data-state")).toBe("expired");
  });
});
