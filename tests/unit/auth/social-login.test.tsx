import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams() }));
vi.mock("@/lib/i18n/navigation", () => ({ useRouter: () => ({ replace: vi.fn(), push: vi.fn() }) }));

/** SocialLogin reads its client ids at module load (they are build-time settings): import it fresh per case. */
async function renderSocial(env: Record<string, string>, locale: "en-US" | "fa-IR" = "en-US") {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { SocialLogin } = await import("@/components/auth/SocialLogin");
  const onError = vi.fn();
  // After resetModules, the providers too come from the fresh registry (one React Query context).
  const { renderWithProviders } = await import("../render-with-providers");
  const view = renderWithProviders(<SocialLogin onError={onError} />, locale);
  return { ...view, onError };
}

afterEach(() => {
  vi.unstubAllEnvs();
  document.head.querySelectorAll("script").forEach((script) => script.remove());
});

describe("Google and Apple sign-in buttons", () => {
  it("are not shown at all without client ids", async () => {
    const { container } = await renderSocial({ NEXT_PUBLIC_GOOGLE_CLIENT_ID: "", NEXT_PUBLIC_APPLE_CLIENT_ID: "" });
    expect(container.innerHTML).toBe("");
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it("show Google (loading Google's script) and Apple when configured", async () => {
    await renderSocial({ NEXT_PUBLIC_GOOGLE_CLIENT_ID: "web.apps.googleusercontent.com", NEXT_PUBLIC_APPLE_CLIENT_ID: "app.takapoo.web" });
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue with Apple" })).toBeInTheDocument();
    expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull();
  });

  it("say so in the page's language when Google's script fails to load", async () => {
    await renderSocial({ NEXT_PUBLIC_GOOGLE_CLIENT_ID: "web.apps.googleusercontent.com", NEXT_PUBLIC_APPLE_CLIENT_ID: "" }, "fa-IR");
    const script = document.querySelector('script[src="https://accounts.google.com/gsi/client"]')!;
    await act(async () => {
      fireEvent.error(script);
    });
    expect(screen.getByRole("alert")).toHaveTextContent("بارگذاری کتابخانهٔ جاوااسکریپت احراز هویت گوگل ناموفق بود.");
    expect(screen.queryByRole("button", { name: "ادامه با گوگل" })).toBeNull();
  });

  it("show the SPEC's English sentence for the failed Google script", async () => {
    await renderSocial({ NEXT_PUBLIC_GOOGLE_CLIENT_ID: "web.apps.googleusercontent.com", NEXT_PUBLIC_APPLE_CLIENT_ID: "" });
    await act(async () => {
      fireEvent.error(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')!);
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load the Google 3P Authorization JavaScript Library.");
  });
});
