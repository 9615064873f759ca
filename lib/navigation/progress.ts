/** SPEC §9 loading bar constants. */
export const PROGRESS = {
  throttleMs: 200,
  durationMs: 2000,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
  tickMs: 100,
} as const;

/** What the controller drives: nprogress in the browser, a recorder in tests. */
export type ProgressBar = {
  show(): void;
  set(fraction: number): void;
  hide(): void;
  setError(error: boolean): void;
};

type Timers = {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  now(): number;
};

/** Where the bar stands `elapsed` ms after it appeared: from 8% toward 99% over about 2 s, never 100%. */
export function progressAt(elapsedMs: number): number {
  const t = Math.min(1, Math.max(0, elapsedMs / PROGRESS.durationMs));
  const eased = 1 - (1 - t) * (1 - t);
  return Math.min(0.99, 0.08 + 0.91 * eased);
}

/**
 * The bar's life: a navigation shorter than the throttle never shows it; a longer one shows it and
 * advances it; done() fills it, hides it after the hide delay and clears the error colour after the
 * reset delay. fail() is done() in the error colour.
 */
export function createProgressController(bar: ProgressBar, timers: Timers) {
  let throttle: unknown = null;
  let ticker: unknown = null;
  let hide: unknown = null;
  let reset: unknown = null;
  let shownAt: number | null = null;

  const clear = () => {
    if (throttle !== null) timers.clearTimeout(throttle);
    if (ticker !== null) timers.clearInterval(ticker);
    if (hide !== null) timers.clearTimeout(hide);
    if (reset !== null) timers.clearTimeout(reset);
    throttle = ticker = hide = reset = null;
  };

  const finish = (error: boolean) => {
    if (throttle !== null) {
      timers.clearTimeout(throttle);
      throttle = null;
    }
    if (shownAt === null) {
      if (error) {
        // A navigation that failed before the bar appeared still shows the error briefly.
        bar.setError(true);
        bar.show();
        shownAt = timers.now();
      } else return;
    }
    if (ticker !== null) timers.clearInterval(ticker);
    ticker = null;
    if (error) bar.setError(true);
    bar.set(1);
    hide = timers.setTimeout(() => {
      bar.hide();
      shownAt = null;
      hide = null;
      reset = timers.setTimeout(() => {
        bar.setError(false);
        reset = null;
      }, PROGRESS.resetDelayMs);
    }, PROGRESS.hideDelayMs);
  };

  return {
    start() {
      if (throttle !== null || (shownAt !== null && hide === null)) return;
      clear();
      bar.setError(false);
      shownAt = null;
      throttle = timers.setTimeout(() => {
        throttle = null;
        shownAt = timers.now();
        bar.show();
        bar.set(progressAt(0));
        ticker = timers.setInterval(() => bar.set(progressAt(timers.now() - (shownAt ?? timers.now()))), PROGRESS.tickMs);
      }, PROGRESS.throttleMs);
    },
    done: () => finish(false),
    fail: () => finish(true),
    get visible() {
      return shownAt !== null;
    },
  };
}
