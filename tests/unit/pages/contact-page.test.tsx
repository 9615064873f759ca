import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import enUS from "@/messages/en-US.json";

// The contact page as a fresh install renders it (issue 14): a demo shows example channels under a
// note saying so; production (SEED_DEMO_DATA=false) shows only what is configured.

vi.mock("next-intl/server", () => ({
  setRequestLocale: () => undefined,
  getTranslations: async ({ namespace }: { namespace: keyof typeof enUS }) => {
    const messages = enUS[namespace] as Record<string, string>;
    return (key: string) => messages[key] ?? key;
  },
}));

const NAMES = ["SEED_DEMO_DATA", "CONTACT_PHONE", "CONTACT_EMAIL", "CONTACT_WHATSAPP", "CONTACT_TELEGRAM", "CONTACT_INSTAGRAM"];

async function renderContact(env: Record<string, string>) {
  for (const name of NAMES) vi.stubEnv(name, env[name] ?? "");
  const { default: ContactPage } = await import("@/app/[locale]/(pages)/contact/page");
  render(await ContactPage({ params: Promise.resolve({ locale: "en-US" }) }));
}

afterEach(() => vi.unstubAllEnvs());

describe("contact page", () => {
  it("a fresh demo offers a way to contact someone, said to be an example", async () => {
    await renderContact({});
    expect(screen.getByTestId("contact-examples")).toHaveTextContent(enUS.contact.examples);
    const links = within(screen.getByTestId("contact-links")).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["tel:+12025550123", "mailto:support@example.com"]);
  });

  it("production shows only what is configured, and no example note", async () => {
    await renderContact({ SEED_DEMO_DATA: "false" });
    expect(screen.queryByTestId("contact-links")).toBeNull();
    expect(screen.queryByTestId("contact-examples")).toBeNull();
    expect(screen.getByText(enUS.contact.none)).toBeInTheDocument();
  });

  it("a configured channel is shown as it is, without the example note", async () => {
    await renderContact({ CONTACT_EMAIL: "help@takapoo.example" });
    expect(screen.queryByTestId("contact-examples")).toBeNull();
    const links = within(screen.getByTestId("contact-links")).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["mailto:help@takapoo.example"]);
  });
});
