import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createProgressController, PROGRESS, progressAt } from "@/lib/navigation/progress";

function recorder() {
  const state = { visible: false, value: 0, error: false, shows: 0 };
  return {
    state,
    bar: {
      show: () => {
        state.visible = true;
        state.shows++;
      },
      set: (v: number) => void (state.value = v),
      hide: () => void (state.visible = false),
      setError: (e: boolean) => void (state.error = e),
    },
  };
}

const timers = () => ({
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
  clearInterval: (id: unknown) => clearInterval(id as ReturnType<typeof setInterval>),
  now: () => Date.now(),
});

describe("navigation progress bar", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("never shows for a navigation shorter than the 200 ms throttle", () => {
    const { state, bar } = recorder();
    const progress = createProgressController(bar, timers());
    progress.start();
    vi.advanceTimersByTime(PROGRESS.throttleMs - 1);
    progress.done();
    vi.advanceTimersByTime(5000);
    expect(state.shows).toBe(0);
  });

  it("advances toward ~100% over about 2 s, then fills, hides after 500 ms", () => {
    const { state, bar } = recorder();
    const progress = createProgressController(bar, timers());
    progress.start();
    vi.advanceTimersByTime(PROGRESS.throttleMs);
    expect(state.visible).toBe(true);
    vi.advanceTimersByTime(1000);
    const midway = state.value;
    vi.advanceTimersByTime(1000);
    expect(midway).toBeGreaterThan(0.5);
    expect(state.value).toBeGreaterThan(midway);
    expect(state.value).toBeLessThan(1);
    progress.done();
    expect(state.value).toBe(1);
    vi.advanceTimersByTime(PROGRESS.hideDelayMs - 1);
    expect(state.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state.visible).toBe(false);
  });

  it("turns to the error colour on failure and clears it after the reset delay", () => {
    const { state, bar } = recorder();
    const progress = createProgressController(bar, timers());
    progress.start();
    vi.advanceTimersByTime(300);
    progress.fail();
    expect(state.error).toBe(true);
    vi.advanceTimersByTime(PROGRESS.hideDelayMs + PROGRESS.resetDelayMs);
    expect(state.visible).toBe(false);
    expect(state.error).toBe(false);
  });

  it("eases from 8% and never reaches 100% by itself", () => {
    expect(progressAt(0)).toBeCloseTo(0.08);
    expect(progressAt(PROGRESS.durationMs)).toBeCloseTo(0.99);
    expect(progressAt(10 * PROGRESS.durationMs)).toBeLessThan(1);
  });
});
