"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { Alert } from "@/components/ui/Alert";
import { TextField } from "@/components/ui/Field";
import { CHANNEL_QUERY_MAX, CHANNEL_QUERY_MIN, useChannelSearch, useYoutubeStatus, type ChannelHit } from "@/lib/api/youtube";
import type { LinkNetwork } from "@/lib/campaigns/links";
import { localizeDigits } from "@/lib/format/digits";

export const CHANNEL_SEARCH_DEBOUNCE_MS = 400;

/**
 * "Find your channel": a search box over YouTube channels whose pick hands the channel (with its canonical link) to
 * `onPick`. Renders nothing for other networks, while the server has not said search is on, or when it is off.
 */
export function ChannelSearch({
  network,
  onPick,
  className,
}: {
  network: LinkNetwork;
  onPick: (hit: ChannelHit) => void;
  className?: string;
}) {
  const status = useYoutubeStatus();
  if (network !== "youtube" || status.data?.enabled !== true) return null;
  return <ChannelSearchBox onPick={onPick} className={className} />;
}

/** `value`, `delay` ms after it last changed. */
function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** A WAI-ARIA combobox: the text box keeps focus, arrows move through the list, Enter picks, Escape closes it. */
function ChannelSearchBox({ onPick, className = "" }: { onPick: (hit: ChannelHit) => void; className?: string | undefined }) {
  const t = useTranslations("campaigns.channelSearch");
  const format = useFormatter();
  const locale = useLocale();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [text, setText] = useState("");
  const typed = text.trim();
  const query = useDebounced(typed, CHANNEL_SEARCH_DEBOUNCE_MS);
  const searchable = query.length >= CHANNEL_QUERY_MIN;
  const search = useChannelSearch(searchable ? query : "");
  // The highlight belongs to one query: a new query starts with nothing highlighted.
  const [highlight, setHighlight] = useState<{ query: string; index: number }>({ query: "", index: -1 });
  // After a pick or Escape the list stays closed until the text changes (or an arrow key reopens it).
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);

  const settled = searchable && typed === query && !search.isFetching;
  const hits = searchable && search.isSuccess ? search.data : [];
  const open = hits.length > 0 && closedFor !== text;
  const active = open && highlight.query === query ? highlight.index : -1;
  const loading = typed.length >= CHANNEL_QUERY_MIN && (typed !== query || search.isFetching);

  const pick = (hit: ChannelHit) => {
    setClosedFor(text);
    setPicked(hit.title);
    onPick(hit);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      // Enter picks the highlighted channel; it never submits the form around the box.
      event.preventDefault();
      if (open && active >= 0) pick(hits[active]!);
      return;
    }
    if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setClosedFor(text);
      }
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    if (hits.length === 0) return;
    event.preventDefault();
    const last = hits.length - 1;
    const from = open ? active : -1;
    const index = event.key === "ArrowDown" ? (from >= last ? 0 : from + 1) : from <= 0 ? last : from - 1;
    setClosedFor(null);
    setHighlight({ query, index });
  };

  /** Numbers in the locale's digits (Persian in fa-IR): next-intl leaves a bare {number} argument in Latin digits. */
  const figure = (value: number, compact = false) => localizeDigits(compact ? format.number(value, "short") : format.number(value), locale);
  const subscribers = (count: number | null) =>
    count === null ? t("subscribersHidden") : t("subscribers", { count: figure(count, true) });

  let note: string | null = null;
  if (loading) note = t("searching");
  else if (settled && search.isSuccess && hits.length === 0) note = t("empty");
  else if (picked && !open) note = t("picked", { title: picked });

  return (
    <div className={`grid gap-2 ${className}`}>
      <TextField
        id={inputId}
        label={t("label")}
        hint={t("hint", { min: figure(CHANNEL_QUERY_MIN) })}
        placeholder={t("placeholder")}
        type="text"
        dir="auto"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={CHANNEL_QUERY_MAX}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setPicked(null);
        }}
        onKeyDown={onKeyDown}
      />

      <p role="status" className="flex min-h-5 items-center gap-2 text-sm text-ink-muted">
        {loading ? (
          <span aria-hidden="true" className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-current border-e-transparent" />
        ) : null}
        {note}
        {open ? <span className="sr-only">{t("count", { count: figure(hits.length) })}</span> : null}
      </p>

      {search.isError && searchable ? <Alert tone="error">{t("error")}</Alert> : null}

      <ul
        id={listId}
        role="listbox"
        aria-label={t("results")}
        hidden={!open}
        className="grid max-h-96 overflow-y-auto rounded-lg border border-surface-line bg-surface py-1"
      >
        {open
          ? hits.map((hit, index) => (
              <li
                key={hit.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // The text box keeps focus (and the combobox its state) while a pointer picks.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(hit)}
                onMouseEnter={() => setHighlight({ query, index })}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${index === active ? "bg-brand-50" : "hover:bg-surface-sunken"}`}
              >
                {hit.thumbnail ? (
                  // A remote image with its size known up front; the option's name is its text, so the picture is decorative.
                  // eslint-disable-next-line @next/next/no-img-element
                  <img
                    src={hit.thumbnail}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    referrerPolicy="no-referrer"
                    className="h-10 w-10 shrink-0 rounded-full bg-surface-sunken object-cover"
                  />
                ) : (
                  <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded-full bg-surface-sunken" />
                )}
                <span className="grid min-w-0 flex-1 gap-0.5 text-start">
                  <span className="truncate font-semibold text-ink" dir="auto">
                    {hit.title}
                  </span>
                  <span className="flex flex-wrap gap-x-2 text-xs text-ink-muted">
                    {hit.handle ? <span dir="ltr">{hit.handle}</span> : null}
                    <span>{subscribers(hit.subscribers)}</span>
                  </span>
                </span>
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
