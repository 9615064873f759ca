import { act, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../render-with-providers";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { hasSessionHint, SESSION_HINT_COOKIE } from "@/lib/auth/cookies";
import enUS from "@/messages/en-US.json";
import { useUiStore } from "@/stores/ui";
import { answerWith } from "../support/msw";

vi.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: ReactNode }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
  usePathname: () => "/",
  useRouter: () => ({ replace: vi.fn(), push: vi.fn() }),
}));

/** GET /api/me answers this user (401 when null, and the refresh then fails too). */
function api(user: { first_name: string } | null) {
  const fetchMock = answerWith(async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/api/me") && user) return Response.json({ data: user });
    if (url.endsWith("/api/me") || url.endsWith("/api/auth/refresh"))
      return Response.json({ error: { code: "unauthenticated" } }, { status: 401 });
    throw new Error(`unexpected request ${url}`);
  });
  return fetchMock;
}

function setHint(present: boolean) {
  document.cookie = present ? `${SESSION_HINT_COOKIE}=1; path=/` : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
}

const account = () => screen.getByTestId("header-account");

beforeEach(() => {
  act(() => useUiStore.getState().setMobileNavOpen(true));
});

afterEach(() => {
  setHint(false);
  vi.unstubAllGlobals();
});

describe("public header: the visitor's account", () => {
  it("offers log in and sign up to an anonymous visitor without asking the API", async () => {
    const fetchMock = api(null);
    renderWithProviders(<SiteHeader />);
    expect(within(account()).getByRole("link", { name: "Log in" })).not.toHaveClass("invisible");
    expect(within(account()).getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/auth/register");
    expect(screen.queryByRole("link", { name: /Dashboard/ })).toBeNull();
    await act(async () => {});
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a signed-in visitor the dashboard with their first name, isolated, over the log-in links' space", async () => {
    setHint(true);
    api({ first_name: "Sara" });
    renderWithProviders(<SiteHeader />);
    const links = await screen.findAllByRole("link", { name: "Dashboard Sara" });
    expect(links).toHaveLength(2); // the bar (sm and up) and the small-screen menu
    for (const link of links) {
      expect(link).toHaveAttribute("href", "/dashboard");
      expect(link.querySelector("bdi")).toHaveTextContent("Sara");
    }
    // Hidden but kept, so the space they held does not change; gone from the small-screen menu.
    expect(within(account()).getByText("Log in")).toHaveClass("invisible");
    expect(within(account()).getByText("Sign up")).toHaveClass("invisible");
    expect(screen.getAllByText("Log in")).toHaveLength(1);
  });

  it("says Dashboard in the page's language", async () => {
    setHint(true);
    api({ first_name: "سارا" });
    renderWithProviders(<SiteHeader />, "fa-IR");
    expect(await screen.findAllByRole("link", { name: "داشبورد سارا" })).toHaveLength(2);
  });

  it("turns back to log in / sign up when the hint outlived the session", async () => {
    setHint(true);
    const fetchMock = api(null);
    renderWithProviders(<SiteHeader />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(within(account()).getByRole("link", { name: "Log in" })).not.toHaveClass("invisible"));
    expect(screen.queryByRole("link", { name: /Dashboard/ })).toBeNull();
  });

  it("renders the anonymous header on the server whatever the cookie says (one cached HTML for everyone)", () => {
    setHint(true);
    const html = renderToString(
      <NextIntlClientProvider locale="en-US" messages={enUS}>
        <SiteHeader />
      </NextIntlClientProvider>,
    );
    expect(html).toContain("Log in");
    expect(html).not.toContain("Dashboard");
    expect(html).not.toContain("invisible");
  });

  it("reads the hint among other cookies", () => {
    expect(hasSessionHint(`a=1; ${SESSION_HINT_COOKIE}=1; b=2`)).toBe(true);
    expect(hasSessionHint("a=1; tk_signed_in_other=1")).toBe(false);
    expect(hasSessionHint("")).toBe(false);
  });
});
