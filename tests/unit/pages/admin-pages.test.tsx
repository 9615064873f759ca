import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../render-with-providers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContentPageEditor } from "@/components/pages/admin/ContentPageEditor";
import { ContentPageList } from "@/components/pages/admin/ContentPageList";
import type { PageVersionOutput } from "@/lib/schemas/pages";
import messages from "@/messages/en-US.json";
import { fakeApi, ok, on, refusal, sent } from "../support/api";

const { push } = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/admin/pages", { push }));

const m = messages.admin.pageEditor;
const version = (locale: PageVersionOutput["locale"], title: string): PageVersionOutput => ({
  slug: "about",
  locale,
  title,
  body: `## ${title}\n\nText.`,
  meta_title: `${title} | Takapoo`,
  meta_description: "About us.",
  og_image: null,
  created_at: "2025-03-01T10:00:00.000Z",
  updated_at: "2025-03-02T10:00:00.000Z",
});

/** The admin API for the page `about`, written in Persian and English only. */
function pagesApi(options: { saveAnswer?: (body: Record<string, unknown>) => Response } = {}) {
  return fakeApi(
    on("GET", "/api/admin/pages", () =>
      ok([
        {
          slug: "about",
          locales: [
            { locale: "fa-IR", title: "درباره", updated_at: "2025-03-02T10:00:00.000Z" },
            { locale: "en-US", title: "About", updated_at: "2025-03-02T10:00:00.000Z" },
          ],
          updated_at: "2025-03-02T10:00:00.000Z",
        },
      ]),
    ),
    on("GET", "/api/admin/pages/about", () => ok({ slug: "about", versions: [version("fa-IR", "درباره"), version("en-US", "About")] })),
    on("GET", "/api/admin/pages/brand-new", () => refusal(404, "page_not_found", "No page.")),
    on("PUT", /^\/api\/admin\/pages\/about\//, (url, call) => {
      const body = call.body as Record<string, unknown>;
      if (options.saveAnswer) return options.saveAnswer(body);
      const locale = url.pathname.split("/").at(-1) as PageVersionOutput["locale"];
      return ok({ page: { ...version(locale, String(body.title)), ...body }, created: false });
    }),
  );
}

const panel = () => screen.getByRole("tabpanel");

describe("admin content pages", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    push.mockReset();
  });

  it("lists the pages with their languages and an edit link", async () => {
    pagesApi();
    renderWithProviders(<ContentPageList />);
    const row = (await screen.findByRole("rowheader", { name: "about" })).closest("tr")!;
    expect(within(row).getByText("English")).not.toHaveClass("line-through");
    expect(within(row).getByText("Türkçe")).toHaveClass("line-through");
    expect(row).toHaveTextContent("Türkçe (not translated yet)");
    expect(screen.getByRole("link", { name: "Edit the page about" })).toHaveAttribute("href", "/admin/pages/about");
  });

  it("starts a new page only with a valid slug", async () => {
    pagesApi();
    const user = userEvent.setup();
    renderWithProviders(<ContentPageList />);
    const slug = screen.getByLabelText("Address of the new page");
    await user.type(slug, "Refund_Policy");
    await user.click(screen.getByRole("button", { name: "Create and edit" }));
    expect(await screen.findByText(messages.api.validation.page_slug_invalid)).toBeInTheDocument();
    expect(slug).toHaveAttribute("aria-invalid", "true");
    expect(push).not.toHaveBeenCalled();
    await user.clear(slug);
    await user.type(slug, " refund-policy ");
    await user.click(screen.getByRole("button", { name: "Create and edit" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/admin/pages/refund-policy"));
  });

  it("shows a tab per language, marks the missing ones, and moves between them with the arrow keys", async () => {
    pagesApi();
    const user = userEvent.setup();
    renderWithProviders(<ContentPageEditor slug="about" />);
    const english = await screen.findByRole("tab", { name: "English" });
    expect(english).toHaveAttribute("aria-selected", "true");
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "فارسی",
      "English",
      "Türkçe (Not translated yet)",
      "العربية (Not translated yet)",
    ]);
    expect(within(panel()).getByLabelText("Title")).toHaveValue("About");
    expect(within(panel()).getByLabelText("Text (Markdown)")).toHaveAttribute("dir", "ltr");
    expect(within(panel()).getByRole("link", { name: `${m.view} ${m.newTab}` })).toHaveAttribute("href", "/en-US/pages/about");

    english.focus();
    await user.keyboard("{ArrowRight}");
    const turkish = screen.getByRole("tab", { name: /Türkçe/ });
    expect(turkish).toHaveFocus();
    expect(turkish).toHaveAttribute("aria-selected", "true");
    expect(within(panel()).getByText(m.missingNotice)).toBeInTheDocument();
    expect(within(panel()).getByLabelText("Title")).toHaveValue("");
    // Visitors of an untranslated language get the Persian page at the Turkish address.
    expect(within(panel()).getByRole("link", { name: `${m.view} ${m.newTab}` })).toHaveAttribute("href", "/tr-TR/pages/about");

    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: /العربية/ })).toHaveFocus();
    expect(within(panel()).getByLabelText("Text (Markdown)")).toHaveAttribute("dir", "rtl");
    await user.keyboard("{Home}");
    expect(screen.getByRole("tab", { name: "فارسی" })).toHaveAttribute("aria-selected", "true");
    expect(within(panel()).getByRole("link", { name: `${m.view} ${m.newTab}` })).toHaveAttribute("href", "/pages/about");
  });

  it("previews the body as it is typed and saves the version of the selected language", async () => {
    const calls = pagesApi();
    const user = userEvent.setup();
    renderWithProviders(<ContentPageEditor slug="about" />);
    const title = await within(await screen.findByRole("tabpanel")).findByLabelText("Title");
    await user.clear(title);
    await user.type(title, "About Takapoo");
    const body = within(panel()).getByLabelText("Text (Markdown)");
    await user.clear(body);
    await user.type(body, "## Our story{enter}{enter}<script>alert(1)</script>");
    const preview = within(panel()).getByRole("region", { name: m.preview });
    await waitFor(() => expect(within(preview).getByRole("heading", { name: "Our story" })).toBeInTheDocument());
    expect(within(preview).getByText("<script>alert(1)</script>")).toBeInTheDocument();
    expect(preview.querySelector("script")).toBeNull();

    await user.click(within(panel()).getByRole("button", { name: m.save }));
    expect(await within(panel()).findByText(m.saved)).toBeInTheDocument();
    expect(sent(calls.find((c) => c.method === "PUT")!)).toEqual({
      method: "PUT",
      path: "/api/admin/pages/about/en-US",
      body: {
        title: "About Takapoo",
        body: "## Our story\n\n<script>alert(1)</script>",
        meta_title: "About | Takapoo",
        meta_description: "About us.",
        og_image: null,
      },
    });
  });

  it("checks the fields before sending, and puts the server's field messages on their fields", async () => {
    const calls = pagesApi({
      saveAnswer: () =>
        new Response(
          JSON.stringify({
            error: {
              code: "validation_failed",
              message: "The information you entered is incorrect.",
              fields: { og_image: "Server says no." },
              request_id: "t",
            },
          }),
          { status: 422, headers: { "content-type": "application/json" } },
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<ContentPageEditor slug="about" />);
    const title = await within(await screen.findByRole("tabpanel")).findByLabelText("Title");
    await user.clear(title);
    const image = within(panel()).getByLabelText(m.ogImage);
    await user.type(image, "http://example.com/a.png");
    await user.click(within(panel()).getByRole("button", { name: m.save }));
    expect(await within(panel()).findByText(messages.api.validation.required)).toBeInTheDocument();
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(within(panel()).getByText(messages.api.validation.page_og_image_invalid)).toBeInTheDocument();
    expect(within(panel()).getByText(m.invalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    await user.type(title, "About");
    await user.clear(image);
    await user.type(image, "https://cdn.example.com/a.png");
    await user.click(within(panel()).getByRole("button", { name: m.save }));
    expect(await within(panel()).findByText("Server says no.")).toBeInTheDocument();
    expect(image).toHaveAttribute("aria-invalid", "true");
    expect(within(panel()).getByText("The information you entered is incorrect.")).toBeInTheDocument();
  });

  it("opens an unknown slug as a new page, Persian first", async () => {
    pagesApi();
    renderWithProviders(<ContentPageEditor slug="brand-new" />);
    expect(await screen.findByText(m.newPage)).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: /فارسی/ })).toHaveAttribute("aria-selected", "true");
    expect(within(panel()).getByText(m.missingDefault)).toBeInTheDocument();
    expect(within(panel()).queryByRole("link", { name: `${m.view} ${m.newTab}` })).toBeNull();
    expect(screen.getAllByRole("tab").every((tab) => tab.textContent?.includes("(Not translated yet)"))).toBe(true);
  });
});
