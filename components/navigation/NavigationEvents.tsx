"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { createProgressController } from "@/lib/navigation/progress";
import { claimReload, isChunkLoadError } from "@/lib/navigation/reload-guard";
import { DEPLOYMENT_CHECK, isInAppNavigation, isNewDeployment } from "@/lib/navigation/deployment";
import { NAVIGATION_ERROR_EVENT } from "@/lib/navigation/navigation-error";

type NProgressApi = typeof import("nprogress");
let loadedBar: Promise<NProgressApi> | null = null;

/**
 * nprogress is fetched right after the page has hydrated (or on the first navigation, if sooner), not
 * with the page, so the first navigation's bar is not waiting for it on a slow connection. Calls
 * made before it arrives run in order once it has.
 */
function loadBar(): Promise<NProgressApi> {
  loadedBar ??= import("nprogress").then(({ default: bar }) => {
    bar.configure({ showSpinner: false, trickle: false, minimum: 0.08, speed: 200 });
    return bar;
  });
  return loadedBar;
}
function withBar(use: (bar: NProgressApi) => void) {
  void loadBar().then(use);
}

const progress = createProgressController(
  {
    show: () => withBar((bar) => bar.start()),
    set: (fraction) => withBar((bar) => bar.set(fraction)),
    hide: () => withBar((bar) => bar.remove()),
    setError: (error) => document.documentElement.classList.toggle("nprogress-error", error),
  },
  {
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (id) => window.clearInterval(id as number),
    now: () => performance.now(),
  },
);

let newDeploymentSeen = false;

/**
 * Navigation feedback (SPEC §4, §9): the top loading bar, one reload after a chunk-load failure
 * (guarded for 10 s), and a full page load on the next navigation once a new deployment is seen.
 * Fetched after the page has hydrated (DeferredNavigationEvents), not with the first load.
 */
export function NavigationEvents() {
  const pathname = usePathname();
  const searchParams = useSearchParams();

  useEffect(() => {
    progress.done();
  }, [pathname, searchParams]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a");
      if (!anchor || !isInAppNavigation(anchor, event, window.location)) return;
      if (newDeploymentSeen) {
        event.preventDefault();
        event.stopPropagation();
        window.location.assign(anchor.href);
        return;
      }
      progress.start();
    };
    const onPopState = () => progress.start();
    const onChunkError = (reason: unknown) => {
      if (!isChunkLoadError(reason)) return;
      progress.fail();
      if (claimReload(window.sessionStorage, Date.now())) window.location.reload();
    };
    const onError = (event: ErrorEvent) => onChunkError(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => onChunkError(event.reason);
    const onNavigationError = () => progress.fail();

    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    window.addEventListener(NAVIGATION_ERROR_EVENT, onNavigationError);

    const ownBuildId = process.env.NEXT_PUBLIC_BUILD_ID;
    const check = async () => {
      if (newDeploymentSeen || document.visibilityState === "hidden") return;
      try {
        // The API client comes with the first check (seconds after load), not with the page's first load.
        const { currentBuildId } = await import("@/lib/api/system");
        if (isNewDeployment(ownBuildId, await currentBuildId())) newDeploymentSeen = true;
      } catch {
        // Offline or the server restarting: try again at the next tick.
      }
    };
    const preload = window.setTimeout(() => void loadBar().catch(() => (loadedBar = null)), 0);
    const first = window.setTimeout(check, DEPLOYMENT_CHECK.firstAfterMs);
    const every = window.setInterval(check, DEPLOYMENT_CHECK.everyMs);
    const onVisible = () => void check();
    document.addEventListener("visibilitychange", onVisible);

    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState);
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
      window.removeEventListener(NAVIGATION_ERROR_EVENT, onNavigationError);
      document.removeEventListener("visibilitychange", onVisible);
      window.clearTimeout(preload);
      window.clearTimeout(first);
      window.clearInterval(every);
    };
  }, []);

  return null;
}
