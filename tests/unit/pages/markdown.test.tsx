import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ContentBody } from "@/components/pages/ContentBody";
import { parseMarkdown } from "@/lib/content/markdown";

describe("content Markdown", () => {
  it("parses headings, paragraphs, lists and bold", () => {
    expect(parseMarkdown("## Title\n\nOne\ntwo **bold**\n\n- a\n- b")).toEqual([
      { type: "heading", level: 2, content: [{ text: "Title", bold: false }] },
      {
        type: "paragraph",
        content: [
          { text: "One two ", bold: false },
          { text: "bold", bold: true },
        ],
      },
      { type: "list", items: [[{ text: "a", bold: false }], [{ text: "b", bold: false }]] },
    ]);
  });

  it("renders markup in content as text, never as elements", () => {
    const { container } = render(<ContentBody markdown={'## <img src=x onerror="alert(1)">\n\n<script>alert(1)</script>'} />);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent('<img src=x onerror="alert(1)">');
    expect(screen.getByText("<script>alert(1)</script>")).toBeInTheDocument();
  });

  it("renders a saved script-injection body inert: no script, no link, no javascript: address", () => {
    const markdown = "<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n- [y](javascript:alert(2)) **<b onclick=alert(3)>z</b>**";
    const { container } = render(<ContentBody markdown={markdown} />);
    expect(container.querySelector("script, a, b, [onclick], [href]")).toBeNull();
    expect(container.innerHTML).not.toMatch(/href=|<script|<a[\s>]/i);
    expect(screen.getByText("<script>alert(1)</script>")).toBeInTheDocument();
    expect(screen.getByText("[x](javascript:alert(1))")).toBeInTheDocument();
    expect(screen.getByRole("listitem")).toHaveTextContent("[y](javascript:alert(2)) <b onclick=alert(3)>z</b>");
  });

  it("links https addresses written as [text](https://…), in a new tab without handing over the page; other addresses stay text", () => {
    const markdown =
      "See the [YouTube Terms of Service](https://www.youtube.com/t/terms) and [this](http://example.com/x), [that](ftp://x) or [y](https://bad host).";
    expect(parseMarkdown(markdown)[0]).toEqual({
      type: "paragraph",
      content: [
        { text: "See the ", bold: false },
        { text: "YouTube Terms of Service", bold: false, href: "https://www.youtube.com/t/terms" },
        { text: " and [this](http://example.com/x), [that](ftp://x) or [y](https://bad host).", bold: false },
      ],
    });
    render(<ContentBody markdown={markdown} />);
    const link = screen.getByRole("link", { name: "YouTube Terms of Service" });
    expect(link).toHaveAttribute("href", "https://www.youtube.com/t/terms");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getAllByRole("link")).toHaveLength(1);
  });
});
