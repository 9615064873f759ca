import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../render-with-providers";
import { MenuToggle } from "@/components/navigation/MenuToggle";
import { PanelMenu } from "@/components/panel/PanelMenu";
import { isActiveMenuEntry, panelMenuFor } from "@/components/panel/panel-menu";
import type { Me } from "@/lib/api/me";
import { useUiStore } from "@/stores/ui";
import { answerWith } from "../support/msw";

const nav = vi.hoisted(() => ({ pathname: "/dashboard" }));

vi.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: ReactNode }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
  usePathname: () => nav.pathname,
  useRouter: () => ({ replace: vi.fn(), push: vi.fn() }),
}));

function me(role: Me["role"]): Partial<Me> {
  return { id: "u1", first_name: "Sara", last_name: "Ahmadi", role, wallet_balance: 0, unread_notifications: 0 };
}

/** GET /api/me answers with this user (or 401 when null); anything else fails the test. */
function signedInAs(user: Partial<Me> | null) {
  const fetchMock = answerWith(async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/api/me")) {
      return user
        ? new Response(JSON.stringify({ data: user }), { status: 200, headers: { "content-type": "application/json" } })
        : new Response(JSON.stringify({ message: "unauthenticated" }), { status: 401, headers: { "content-type": "application/json" } });
    }
    throw new Error(`unexpected request ${url}`);
  });
  return fetchMock;
}

beforeEach(() => {
  nav.pathname = "/dashboard";
  act(() => useUiStore.getState().setMobileNavOpen(false));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("panel menu: the back office's entry", () => {
  it("shows admins a link to /admin, labelled in the page's language, after the panel's own entries", async () => {
    signedInAs(me("admin"));
    renderWithProviders(<PanelMenu />);
    const link = await screen.findByRole("link", { name: "Admin panel" });
    expect(link).toHaveAttribute("href", "/admin");
    expect(link).not.toHaveAttribute("aria-current");
    const links = within(screen.getByRole("navigation")).getAllByRole("link");
    expect(links.at(-1)).toBe(link);
  });

  it("labels it in Persian in fa-IR", async () => {
    signedInAs(me("admin"));
    renderWithProviders(<PanelMenu />, "fa-IR");
    expect(await screen.findByRole("link", { name: "پنل مدیریت" })).toHaveAttribute("href", "/admin");
  });

  it("never shows it to a user who is not an admin, nor while nobody is signed in", async () => {
    const fetchMock = signedInAs(me("user"));
    const { unmount } = renderWithProviders(<PanelMenu />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The menu has settled on the user's answer: still the seven panel entries and no more.
    await act(async () => undefined);
    expect(screen.getByRole("link", { name: "Invitations" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Admin panel" })).toBeNull();
    expect(screen.queryByRole("link", { name: /admin/i })).toBeNull();
    unmount();

    signedInAs(null);
    renderWithProviders(<PanelMenu />);
    await act(async () => undefined);
    expect(screen.queryByRole("link", { name: "Admin panel" })).toBeNull();
  });

  it("is marked as the current page on /admin and its children", async () => {
    signedInAs(me("admin"));
    nav.pathname = "/admin/campaigns";
    renderWithProviders(<PanelMenu />);
    expect(await screen.findByRole("link", { name: "Admin panel" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
  });

  it("is in the phone drawer and reached with the keyboard from the menu button", async () => {
    signedInAs(me("admin"));
    renderWithProviders(
      <>
        <MenuToggle controls="panel-menu" className="lg:hidden" />
        <PanelMenu />
      </>,
    );
    const nav = screen.getByRole("navigation", { hidden: true });
    // Closed drawer on a phone: the menu is hidden below the lg breakpoint.
    expect(nav.className).toMatch(/(^|\s)hidden(\s|$)/);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    await userEvent.tab();
    expect(toggle).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(nav.className).toMatch(/(^|\s)block(\s|$)/);
    const adminLink = await within(nav).findByRole("link", { name: "Admin panel" });
    // Tab through the drawer's links until the admin entry takes the focus.
    for (let i = 0; i < 10 && document.activeElement !== adminLink; i += 1) await userEvent.tab();
    expect(adminLink).toHaveFocus();
  });
});

describe("panel menu entries", () => {
  it("adds /admin for admins only and marks it active on its sub-pages", () => {
    expect(panelMenuFor("admin").map((e) => e.href)).toContain("/admin");
    expect(panelMenuFor("user").map((e) => e.href)).not.toContain("/admin");
    expect(panelMenuFor(null).map((e) => e.href)).not.toContain("/admin");
    expect(isActiveMenuEntry("/admin", "/admin")).toBe(true);
    expect(isActiveMenuEntry("/admin", "/admin/identity/abc")).toBe(true);
    expect(isActiveMenuEntry("/admin", "/administrator")).toBe(false);
  });
});
