import { formats } from "@/lib/format/formats";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChannelSearch } from "@/components/campaigns/ChannelSearch";
import type { ChannelHit } from "@/lib/api/youtube";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import { fakeApi, ok, on, refusal } from "../support/api";

// The campaigns.channelSearch texts, until they are part of messages/*.json (these are the same sentences).
const channelSearch = {
  "en-US": {
    label: "Find your channel on YouTube",
    placeholder: "Channel name or @handle",
    hint: "Type at least {min} characters, then pick your channel from the list to fill in its link.",
    results: "Channels found",
    count: "Channels found: {count}",
    searching: "Searching…",
    empty: "No channel found.",
    error: "Channel search is not available right now. You can paste your channel link instead.",
    subscribers: "{count} subscribers",
    subscribersHidden: "Subscriber count hidden",
    picked: "Selected: {title}",
  },
  "fa-IR": {
    label: "کانال خود را در یوتیوب پیدا کنید",
    placeholder: "نام کانال یا @شناسه",
    hint: "دست‌کم {min} نویسه بنویسید و کانال خود را از فهرست انتخاب کنید تا لینک آن وارد شود.",
    results: "کانال‌های پیدا شده",
    count: "کانال‌های پیدا شده: {count}",
    searching: "در حال جستجو…",
    empty: "کانالی پیدا نشد.",
    error: "جستجوی کانال الان در دسترس نیست. می‌توانید لینک کانال را خودتان وارد کنید.",
    subscribers: "{count} مشترک",
    subscribersHidden: "تعداد مشترکان پنهان است",
    picked: "انتخاب شد: {title}",
  },
};
const catalogues = { "en-US": enUS, "fa-IR": faIR } as const;
type TestLocale = keyof typeof catalogues;
const messagesFor = (locale: TestLocale) => ({
  ...catalogues[locale],
  campaigns: { ...catalogues[locale].campaigns, channelSearch: channelSearch[locale] },
});

function wrap(ui: ReactNode, locale: TestLocale = "en-US") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <NextIntlClientProvider locale={locale} messages={messagesFor(locale)} timeZone="Asia/Tehran" formats={formats}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const TAKAPOO: ChannelHit = {
  id: "UCtakapoo000000000000000",
  title: "Takapoo",
  handle: "@takapoo",
  thumbnail: "https://yt3.ggpht.com/takapoo=s88",
  subscribers: 12_400,
  link: "https://www.youtube.com/@takapoo",
};
const SARA: ChannelHit = {
  id: "UCsaraCooks0000000000000",
  title: "Sara Cooks",
  handle: "@sara.cooks",
  thumbnail: null,
  subscribers: 1_250_000,
  link: "https://www.youtube.com/@sara.cooks",
};
const HIDDEN: ChannelHit = {
  id: "UCcookingSecrets00000000",
  title: "Cooking Secrets",
  handle: null,
  thumbnail: "https://yt3.ggpht.com/secrets=s88",
  subscribers: null,
  link: "https://www.youtube.com/channel/UCcookingSecrets00000000",
};

/** A fake /api: status as given, channels by q from `results` (missing: []), or `failure` for every search. */
function searchApi({
  enabled = true,
  results = {},
  failure,
}: {
  enabled?: boolean;
  results?: Record<string, ChannelHit[]>;
  failure?: number;
}) {
  const calls = fakeApi(
    on("*", "/api/youtube/status", () => ok({ enabled })),
    on("*", "/api/youtube/channels", (url) =>
      failure ? refusal(failure, "service_unavailable", "unavailable") : ok(results[url.searchParams.get("q") ?? ""] ?? []),
    ),
  );
  return {
    /** The searches asked for, in order. */
    get searches() {
      return calls.filter((call) => call.path === "/api/youtube/channels").map((call) => call.url.searchParams.get("q") ?? "");
    },
    /** The paths requested, in order. */
    get calls() {
      return calls.map((call) => call.path);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ChannelSearch", () => {
  it("renders nothing when the server says search is off", async () => {
    const api = searchApi({ enabled: false });
    const { container } = wrap(<ChannelSearch network="youtube" onPick={() => {}} />);
    await waitFor(() => expect(api.calls).toContain("/api/youtube/status"));
    // Give the answer time to arrive and render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("renders nothing for Instagram, even when search is on", async () => {
    searchApi({ enabled: true });
    const { container } = wrap(<ChannelSearch network="instagram" onPick={() => {}} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });

  it("searches once typing pauses, shows each channel, and hands the clicked one to onPick", async () => {
    const api = searchApi({ results: { takapoo: [TAKAPOO, HIDDEN] } });
    const onPick = vi.fn();
    wrap(<ChannelSearch network="youtube" onPick={onPick} />);

    const box = await screen.findByRole("combobox", { name: "Find your channel on YouTube" });
    expect(box).toHaveAccessibleDescription("Type at least 2 characters, then pick your channel from the list to fill in its link.");
    await userEvent.type(box, "takapoo");

    const option = await screen.findByRole("option", { name: /Takapoo/ });
    // Debounced: one request for the whole word, none per keystroke.
    expect(api.searches).toEqual(["takapoo"]);
    expect(box).toHaveAttribute("aria-expanded", "true");
    expect(option).toHaveTextContent("@takapoo");
    expect(option).toHaveTextContent("12.4K subscribers");
    const picture = option.querySelector("img")!;
    expect(picture).toHaveAttribute("src", TAKAPOO.thumbnail);
    expect(picture).toHaveAttribute("alt", "");
    expect(picture).toHaveAttribute("width", "40");
    expect(picture).toHaveAttribute("height", "40");
    expect(screen.getByRole("option", { name: /Cooking Secrets/ })).toHaveTextContent("Subscriber count hidden");

    await userEvent.click(option);
    expect(onPick).toHaveBeenCalledExactlyOnceWith(TAKAPOO);
    expect(screen.queryByRole("option")).not.toBeInTheDocument();
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("status")).toHaveTextContent("Selected: Takapoo");
  });

  it("moves through the results with the arrow keys and picks with Enter, without submitting the form", async () => {
    searchApi({ results: { cooking: [SARA, HIDDEN] } });
    const onPick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    wrap(
      <form onSubmit={onSubmit}>
        <ChannelSearch network="youtube" onPick={onPick} />
      </form>,
    );

    const box = await screen.findByRole("combobox");
    await userEvent.type(box, "cooking");
    await screen.findByRole("option", { name: /Sara Cooks/ });

    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    const second = screen.getByRole("option", { name: /Cooking Secrets/ });
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(box).toHaveAttribute("aria-activedescendant", second.id);
    await userEvent.keyboard("{ArrowDown}");
    expect(screen.getByRole("option", { name: /Sara Cooks/ })).toHaveAttribute("aria-selected", "true");

    await userEvent.keyboard("{Enter}");
    expect(onPick).toHaveBeenCalledExactlyOnceWith(SARA);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box).toHaveFocus();
  });

  it("asks nothing for fewer than 2 characters, and says when nothing is found", async () => {
    const api = searchApi({ results: {} });
    wrap(<ChannelSearch network="youtube" onPick={() => {}} />);
    const box = await screen.findByRole("combobox");
    await userEvent.type(box, "a");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.searches).toEqual([]);

    await userEvent.type(box, "b");
    expect(await screen.findByText("No channel found.")).toBeInTheDocument();
    expect(api.searches).toEqual(["ab"]);
    expect(screen.queryByRole("option")).not.toBeInTheDocument();
  });

  it("says search is unavailable when the server cannot reach YouTube", async () => {
    searchApi({ failure: 503 });
    wrap(<ChannelSearch network="youtube" onPick={() => {}} />);
    await userEvent.type(await screen.findByRole("combobox"), "takapoo");
    expect(await screen.findByRole("alert")).toHaveTextContent("Channel search is not available right now.");
  });

  it("writes Persian text and digits in fa-IR", async () => {
    searchApi({ results: { sara: [SARA] } });
    wrap(<ChannelSearch network="youtube" onPick={() => {}} />, "fa-IR");
    const box = await screen.findByRole("combobox", { name: "کانال خود را در یوتیوب پیدا کنید" });
    expect(box).toHaveAccessibleDescription(/۲ نویسه/);
    await userEvent.type(box, "sara");
    const option = await screen.findByRole("option", { name: /Sara Cooks/ });
    expect(option).toHaveTextContent("۱٫۳ میلیون مشترک");
    expect(option.textContent).not.toMatch(/[0-9]/);
  });
});
