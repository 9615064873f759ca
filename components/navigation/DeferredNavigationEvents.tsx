"use client";
import { Suspense, useEffect, useState, type ComponentType } from "react";

/**
 * NavigationEvents (the loading bar, the chunk-error reload, the new-deployment check), fetched once the
 * page has hydrated: a first visit's JavaScript does not wait for it (issue 34), and nothing it does is
 * needed before the first click.
 */
export function DeferredNavigationEvents() {
  const [Events, setEvents] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    void import("./NavigationEvents").then(({ NavigationEvents }) => {
      if (live) setEvents(() => NavigationEvents);
    });
    return () => {
      live = false;
    };
  }, []);
  return Events ? (
    <Suspense fallback={null}>
      <Events />
    </Suspense>
  ) : null;
}
