/**
 * The small Markdown subset content pages are written in: "## " / "### " headings, paragraphs,
 * "- " bullet lists, **bold** and [links](https://…) to https addresses only (anything else stays
 * text). Parsed into plain data and rendered by React, which escapes every string: page content can
 * never inject markup, a script or a javascript: address.
 */
export type Inline = { text: string; bold: boolean; href?: string };
export type Block =
  { type: "heading"; level: 2 | 3; content: Inline[] } | { type: "paragraph"; content: Inline[] } | { type: "list"; items: Inline[][] };

/** [text](https://…): the address must be https and parse as a URL, with no spaces or parentheses. */
const LINK = /\[([^\]]+)\]\((https:\/\/[^\s()]+)\)/g;

function withLinks(text: string): Inline[] {
  const parts: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (!URL.canParse(match[2]!)) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index), bold: false });
    parts.push({ text: match[1]!, bold: false, href: new URL(match[2]!).href });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), bold: false });
  return parts;
}

export function parseInline(text: string): Inline[] {
  const parts = text.split(/(\*\*[^*]+\*\*)/g).filter(Boolean);
  return parts.flatMap((part) =>
    part.startsWith("**") && part.endsWith("**") && part.length > 4 ? [{ text: part.slice(2, -2), bold: true }] : withLinks(part),
  );
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;

  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", content: parseInline(paragraph.join(" ")) });
    if (list) blocks.push({ type: "list", items: list.map(parseInline) });
    paragraph = [];
    list = null;
  };

  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: "heading", level: heading[1]!.length >= 3 ? 3 : 2, content: parseInline(heading[2]!) });
      continue;
    }
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (item) {
      if (paragraph.length) flush();
      (list ??= []).push(item[1]!);
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}
