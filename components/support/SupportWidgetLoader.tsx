"use client";
import { useEffect } from "react";

/**
 * Adds the support chat's scripts once the page has loaded and the browser is idle, once per visit: a
 * script already in the document (by its id) is not added again after a client-side navigation. Our own
 * few lines in place of next/script, which brought 2.8 KB (gzip) to every first load (issue 34).
 */
export function SupportWidgetLoader({ src, settings }: { src: string; settings: string | null }) {
  useEffect(() => {
    const add = () => {
      if (settings !== null && !document.getElementById("support-widget-settings")) {
        const inline = document.createElement("script");
        inline.id = "support-widget-settings";
        inline.textContent = settings;
        document.body.appendChild(inline);
      }
      if (!document.getElementById("support-widget")) {
        const script = document.createElement("script");
        script.id = "support-widget";
        script.src = src;
        script.async = true;
        document.body.appendChild(script);
      }
    };
    const idle = () => (typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(add) : window.setTimeout(add, 1));
    if (document.readyState === "complete") {
      idle();
      return;
    }
    window.addEventListener("load", idle, { once: true });
    return () => window.removeEventListener("load", idle);
  }, [src, settings]);
  return null;
}
