import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNotificationStream } from "@/lib/api/notifications";

/** An EventSource that records itself; a test dispatches its events. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

let visibility: DocumentVisibilityState = "visible";
const show = (state: DocumentVisibilityState) => {
  visibility = state;
  act(() => void document.dispatchEvent(new Event("visibilitychange")));
};

beforeEach(() => {
  FakeEventSource.opened = [];
  visibility = "visible";
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe("the notification stream in the page", () => {
  it("ended by the server (a newer stream of this person, the session's end): closed, and opened again only when the page is shown again", () => {
    const { unmount } = renderHook(() => useNotificationStream(), { wrapper });
    expect(FakeEventSource.opened).toHaveLength(1);
    const [first] = FakeEventSource.opened;
    act(() => void first!.dispatchEvent(new MessageEvent("end", { data: "superseded" })));
    expect(first!.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.opened).toHaveLength(1); // no reconnect that would end another of this person's streams

    show("hidden");
    expect(FakeEventSource.opened).toHaveLength(1);
    show("visible");
    expect(FakeEventSource.opened).toHaveLength(2);
    show("hidden");
    show("visible");
    expect(FakeEventSource.opened).toHaveLength(2); // once
    unmount();
    expect(FakeEventSource.opened[1]!.readyState).toBe(FakeEventSource.CLOSED);
  });
});
