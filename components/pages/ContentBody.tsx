import { parseMarkdown, type Inline } from "@/lib/content/markdown";

function Text({ parts }: { parts: Inline[] }) {
  return parts.map((part, i) =>
    part.href ? (
      <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline underline-offset-4">
        {part.text}
      </a>
    ) : part.bold ? (
      <strong key={i}>{part.text}</strong>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}

/** A content page's body, from its Markdown subset; every string is escaped by React. */
export function ContentBody({ markdown }: { markdown: string }) {
  return (
    <div className="space-y-4 leading-8 text-ink [overflow-wrap:anywhere]">
      {parseMarkdown(markdown).map((block, i) => {
        if (block.type === "heading") {
          const Tag = block.level === 2 ? "h2" : "h3";
          return (
            <Tag key={i} className={block.level === 2 ? "pt-4 text-xl font-bold" : "pt-2 text-lg font-semibold"}>
              <Text parts={block.content} />
            </Tag>
          );
        }
        if (block.type === "list") {
          return (
            <ul key={i} className="list-disc space-y-1 ps-6">
              {block.items.map((item, j) => (
                <li key={j}>
                  <Text parts={item} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i}>
            <Text parts={block.content} />
          </p>
        );
      })}
    </div>
  );
}
